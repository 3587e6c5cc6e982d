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
  PictureOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { LinkProps } from '@tanstack/react-router';
import { Role, type StatusObject } from '@tollgate/contracts';
import type { ReactNode } from 'react';
import type { Translation } from '../../i18n/locales/zh';

type AppPath = NonNullable<LinkProps['to']>;

export interface NavEntry {
  path: AppPath;
  labelKey: `menu.${keyof Translation['menu']}`;
  icon: ReactNode;
  /** Lowest role that sees the entry (admin screens: Role.Admin). */
  minRole: Role;
  /** Shown only while this switch of the status object is on. */
  statusFlag?: 'enable_drawing' | 'enable_task';
  /** Entries of one group fold under one menu entry when more than one of them is shown. */
  group?: NavGroupKey;
}

/** Folding menu entries: the usage, drawing and task logs are reached from one place. */
export const NAV_GROUPS = {
  logs: { labelKey: 'menu.logGroup', icon: <FileTextOutlined /> },
} as const satisfies Record<string, Pick<NavEntry, 'labelKey' | 'icon'>>;
export type NavGroupKey = keyof typeof NAV_GROUPS;

/** Side menu, in display order. A screen gets its entry here when its route is added to the tree. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  // Personal: what every signed-in user works with.
  { path: '/app/dashboard', labelKey: 'menu.dashboard', icon: <BarChartOutlined />, minRole: Role.Common },
  { path: '/app/tokens', labelKey: 'menu.tokens', icon: <KeyOutlined />, minRole: Role.Common },
  {
    path: '/app/logs/api-usage',
    labelKey: 'menu.logs',
    icon: <FileTextOutlined />,
    minRole: Role.Common,
    group: 'logs',
  },
  {
    path: '/app/logs/drawing',
    labelKey: 'menu.drawingLogs',
    icon: <PictureOutlined />,
    minRole: Role.Common,
    group: 'logs',
    statusFlag: 'enable_drawing',
  },
  {
    path: '/app/logs/tasks',
    labelKey: 'menu.taskLogs',
    icon: <ScheduleOutlined />,
    minRole: Role.Common,
    group: 'logs',
    statusFlag: 'enable_task',
  },
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
  { path: '/admin/settings', labelKey: 'menu.settings', icon: <SettingOutlined />, minRole: Role.Admin },
];

/** The entries a role sees; those behind a status switch only while it is on (spec 001 §9 enable_drawing, enable_task). */
export function visibleNavEntries(role: number, status: StatusObject | null = null): NavEntry[] {
  return NAV_ENTRIES.filter(
    (entry) => role >= entry.minRole && (!entry.statusFlag || status?.[entry.statusFlag] === true),
  );
}

/** A menu line: one entry, or a group's entries folded under the group's own entry. */
export type NavLine = NavEntry | { groupKey: NavGroupKey; entries: NavEntry[] };

/** Entries in menu order with each group's entries gathered at its first one; a group of one stays a plain entry. */
export function navLines(entries: NavEntry[]): NavLine[] {
  const lines: NavLine[] = [];
  for (const entry of entries) {
    const members = entry.group ? entries.filter((other) => other.group === entry.group) : [entry];
    if (members.length === 1) lines.push(entry);
    else if (members[0] === entry && entry.group) lines.push({ groupKey: entry.group, entries: members });
  }
  return lines;
}

export function selectedNavKey(pathname: string): string | undefined {
  return NAV_ENTRIES.find((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`))?.path;
}
