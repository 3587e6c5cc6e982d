import { MenuOutlined } from '@ant-design/icons';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { Button, Drawer, Flex, Layout, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../../i18n/LanguageSwitcher';
import { UnreadBadge } from '../../../shared/inbox-badge/UnreadBadge';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { useStatus } from '../../../shared/status/use-status';
import { useIsMobile } from '../hooks/use-is-mobile';
import { HEADER_HEIGHT, MOBILE_DRAWER_WIDTH } from '../../../shared/layout-sizes';
import { HeaderBrand } from './HeaderBrand';
import { ModeBadges } from './ModeBadges';
import { SideMenu } from './SideMenu';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

export function AppHeader() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  const user = useCurrentUser();
  const { data: status } = useStatus();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // No sign-in button while setup is pending (it would bounce back) or on the sign-in page itself.
  const showLogin = status?.setup !== false && pathname !== '/login';

  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        height: HEADER_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {isMobile && user && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label={t('header.openMenu')}
          onClick={() => setDrawerOpen(true)}
        />
      )}
      <HeaderBrand showName={!isMobile || !user} />
      <ModeBadges />
      <Flex align="center" gap={4} style={{ marginInlineStart: 'auto' }}>
        <ThemeToggle />
        <LanguageSwitcher showLabel={!isMobile} />
        {user && <UnreadBadge />}
        {user ? (
          <UserMenu user={user} showName={!isMobile} />
        ) : (
          showLogin && (
            <Button type="primary" onClick={() => void navigate({ to: '/login' })}>
              {t('header.login')}
            </Button>
          )
        )}
      </Flex>
      {isMobile && user && (
        <Drawer
          placement="left"
          size={MOBILE_DRAWER_WIDTH}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={<HeaderBrand showName />}
          styles={{ body: { padding: 0 } }}
        >
          <SideMenu onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
    </Layout.Header>
  );
}
