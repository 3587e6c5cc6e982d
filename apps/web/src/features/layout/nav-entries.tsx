import {
  ApiOutlined,
  BarChartOutlined,
  DollarOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  GiftOutlined,
  KeyOutlined,
  MailOutlined,
  NotificationOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { LinkProps } from '@tanstack/react-router';
import { Role } from '@tollgate/contracts';
import type { ReactNode } from 'react';
import type { Translation } from '../../i18n/locales/zh';

type AppPath = NonNullable<LinkProps['to']>;

export interface NavEntry {
  path: AppPath;
  labelKey: `menu.${keyof Translation['menu']}`;
  icon: ReactNode;
  /** Lowest role that sees the entry (admin screens: Role.Admin). */
  minRole: Role;
}

/** Side menu, in display order. A screen gets its entry here when its route is added to the tree. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  // Personal: what every signed-in user works with.
  { path: '/app/dashboard', labelKey: 'menu.dashboard', icon: <BarChartOutlined />, minRole: Role.Common },
  { path: '/app/tokens', labelKey: 'menu.tokens', icon: <KeyOutlined />, minRole: Role.Common },
  { path: '/app/logs/api-usage', labelKey: 'menu.logs', icon: <FileTextOutlined />, minRole: Role.Common },
  { path: '/app/wallet', labelKey: 'menu.wallet', icon: <WalletOutlined />, minRole: Role.Common },
  { path: '/playground', labelKey: 'menu.playground', icon: <ExperimentOutlined />, minRole: Role.Common },
  { path: '/app/inbox', labelKey: 'menu.inbox', icon: <MailOutlined />, minRole: Role.Common },
  // Visitors may read the price list too.
  { path: '/pricing', labelKey: 'menu.pricing', icon: <DollarOutlined />, minRole: Role.Guest },
  { path: '/app/me', labelKey: 'menu.me', icon: <UserOutlined />, minRole: Role.Common },
  // Administration.
  { path: '/admin/channels', labelKey: 'menu.channels', icon: <ApiOutlined />, minRole: Role.Admin },
  { path: '/admin/users', labelKey: 'menu.users', icon: <TeamOutlined />, minRole: Role.Admin },
  { path: '/admin/coupons', labelKey: 'menu.coupons', icon: <GiftOutlined />, minRole: Role.Admin },
  { path: '/admin/topups', labelKey: 'menu.topUps', icon: <TransactionOutlined />, minRole: Role.Admin },
  { path: '/admin/messages', labelKey: 'menu.messages', icon: <NotificationOutlined />, minRole: Role.Admin },
];

export function visibleNavEntries(role: number): NavEntry[] {
  return NAV_ENTRIES.filter((entry) => role >= entry.minRole);
}

export function selectedNavKey(pathname: string): string | undefined {
  return NAV_ENTRIES.find((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`))?.path;
}
