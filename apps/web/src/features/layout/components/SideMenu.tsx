import { Link, useRouterState } from '@tanstack/react-router';
import { Role } from '@tollgate/contracts';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { type NavEntry, selectedNavKey, visibleNavEntries } from '../nav-entries';

interface SideMenuProps {
  collapsed?: boolean;
  onNavigate?: () => void;
}

export function SideMenu({ collapsed = false, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const selected = selectedNavKey(pathname);

  const item = (entry: NavEntry) => ({
    key: entry.path,
    icon: entry.icon,
    label: (
      <Link to={entry.path} onClick={onNavigate}>
        {t(entry.labelKey)}
      </Link>
    ),
  });
  const entries = visibleNavEntries(user?.role ?? 0);
  const personal = entries.filter((entry) => entry.minRole < Role.Admin).map(item);
  const administration = entries.filter((entry) => entry.minRole >= Role.Admin).map(item);
  // An administrator's menu is split into their own screens and the site's; a user has only the first.
  // Folded, the group titles would not fit: a line parts the two.
  const items =
    administration.length === 0
      ? personal
      : collapsed
        ? [...personal, { type: 'divider' as const, key: 'parting' }, ...administration]
        : [
            { type: 'group' as const, key: 'personal', label: t('menu.personal'), children: personal },
            {
              type: 'group' as const,
              key: 'administration',
              label: t('menu.administration'),
              children: administration,
            },
          ];

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
