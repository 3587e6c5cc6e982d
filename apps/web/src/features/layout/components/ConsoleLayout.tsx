import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Outlet } from '@tanstack/react-router';
import { Button, Layout, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../hooks/use-is-mobile';
import { useSiderCollapsed } from '../hooks/use-sider-collapsed';
import {
  CONTENT_PADDING,
  HEADER_HEIGHT,
  MOBILE_CONTENT_PADDING,
  SIDER_COLLAPSED_WIDTH,
  SIDER_WIDTH,
} from '../../../shared/layout-sizes';
import { QueueBacklogAlert } from './QueueBacklogAlert';
import { SideMenu } from './SideMenu';
import { SiteFooter } from './SiteFooter';

/**
 * Signed-in screens: side menu beside the content; on mobile the menu lives in the header drawer. Both widths
 * share one tree with only the sider toggled, so crossing 600 px (a resize, a tablet turned) keeps the page
 * mounted and what the user typed into it.
 */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { collapsed, toggle } = useSiderCollapsed();
  const { token } = theme.useToken();

  const toggleLabel = collapsed ? t('header.expandSider') : t('header.collapseSider');
  return (
    <Layout hasSider={!isMobile}>
      {!isMobile && (
        <Layout.Sider
          theme="light"
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={collapsed}
          trigger={null}
          style={{
            position: 'sticky',
            top: HEADER_HEIGHT,
            height: `calc(100vh - ${HEADER_HEIGHT}px)`,
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <nav style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
            <div style={{ flex: 1, overflowY: 'auto' }}>
              <SideMenu collapsed={collapsed} />
            </div>
            <Tooltip title={toggleLabel} placement="right">
              <Button
                type="text"
                block
                aria-label={toggleLabel}
                icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                onClick={toggle}
                style={{ height: 48, borderRadius: 0, borderTop: `1px solid ${token.colorBorderSecondary}` }}
              />
            </Tooltip>
          </nav>
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Content style={{ padding: isMobile ? MOBILE_CONTENT_PADDING : CONTENT_PADDING, minWidth: 0 }}>
          <QueueBacklogAlert />
          <Outlet />
        </Layout.Content>
        <SiteFooter />
      </Layout>
    </Layout>
  );
}
