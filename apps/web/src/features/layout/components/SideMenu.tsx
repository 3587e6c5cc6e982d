import { Link, useRouterState } from '@tanstack/react-router';
import { Role } from '@tollgate/contracts';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { useStatus } from '../../../shared/status/use-status';
import {
  NAV_GROUPS,
  type NavEntry,
  type NavLine,
  navLines,
  selectedNavKey,
  visibleNavEntries,
} from '../nav-entries';

// Groups start unfolded: every screen stays one click away, as before there were groups.
const OPEN_GROUPS = Object.keys(NAV_GROUPS);

interface SideMenuProps {
  collapsed?: boolean;
  onNavigate?: () => void;
}

export function SideMenu({ collapsed = false, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { data: status } = useStatus();
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
  const line = (entry: NavLine) =>
    'entries' in entry
      ? {
          key: entry.groupKey,
          icon: NAV_GROUPS[entry.groupKey].icon,
          label: t(NAV_GROUPS[entry.groupKey].labelKey),
          children: entry.entries.map(item),
        }
      : item(entry);
  const entries = visibleNavEntries(user?.role ?? 0, status);
  const personal = navLines(entries.filter((entry) => entry.minRole < Role.Admin)).map(line);
  const administration = navLines(entries.filter((entry) => entry.minRole >= Role.Admin)).map(line);
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
      defaultOpenKeys={OPEN_GROUPS}
      items={items}
      aria-label={t('menu.navigation')}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
