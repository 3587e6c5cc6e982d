import { Link, useRouterState } from '@tanstack/react-router';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { selectedNavKey, visibleNavEntries } from '../nav-entries';

interface SideMenuProps {
  collapsed?: boolean;
  onNavigate?: () => void;
}

export function SideMenu({ collapsed = false, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const selected = selectedNavKey(pathname);

  const items = visibleNavEntries(user?.role ?? 0).map((entry) => ({
    key: entry.path,
    icon: entry.icon,
    label: (
      <Link to={entry.path} onClick={onNavigate}>
        {t(entry.labelKey)}
      </Link>
    ),
  }));

  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      selectedKeys={selected ? [selected] : []}
      items={items}
      aria-label={t('menu.navigation')}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
