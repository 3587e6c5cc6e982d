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
import { SideMenu } from './SideMenu';

/** Signed-in screens: side menu beside the content; on mobile the menu lives in the header drawer. */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { collapsed, toggle } = useSiderCollapsed();
  const { token } = theme.useToken();

  if (isMobile) {
    return (
      <Layout.Content style={{ padding: MOBILE_CONTENT_PADDING }}>
        <Outlet />
      </Layout.Content>
    );
  }

  const toggleLabel = collapsed ? t('header.expandSider') : t('header.collapseSider');
  return (
    <Layout hasSider>
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
      <Layout.Content style={{ padding: CONTENT_PADDING, minWidth: 0 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
