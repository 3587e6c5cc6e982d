import type { SelfUser, StatusObject } from '@tollgate/contracts';
import { Card, Skeleton, Tabs } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../shared/components/ConsolePage';
import { useStatus } from '../../../shared/status/use-status';
import { useSelfUser } from '../hooks/use-self-user';
import type { MeTab } from '../me-tabs';
import { AccountActions } from './AccountActions';
import { BalanceTab } from './BalanceTab';
import { BindingsTab } from './BindingsTab';
import { CheckInTab } from './CheckInTab';
import { InvitationTab } from './InvitationTab';
import { NotificationTab } from './NotificationTab';
import { PriceTab } from './PriceTab';
import { ProfileCard } from './ProfileCard';

interface MePageProps {
  tab: MeTab | undefined;
  onTabChange: (tab: MeTab) => void;
}

/** Check-in and invitations appear only when the site turned them on. */
function tabItems(user: SelfUser, status: StatusObject | null, t: TFunction) {
  const items = [
    { key: 'balance', label: t('me.tabs.balance'), children: <BalanceTab user={user} />, shown: true },
    {
      key: 'checkin',
      label: t('me.tabs.checkin'),
      children: <CheckInTab />,
      shown: Boolean(status?.check_in_enabled),
    },
    {
      key: 'invitation',
      label: t('me.tabs.invitation'),
      children: <InvitationTab user={user} />,
      shown: Boolean(status?.aff_enabled),
    },
    { key: 'bindings', label: t('me.tabs.bindings'), children: <BindingsTab user={user} />, shown: true },
    {
      key: 'notification',
      label: t('me.tabs.notification'),
      children: <NotificationTab key={user.setting} user={user} />,
      shown: true,
    },
    {
      key: 'price',
      label: t('me.tabs.price'),
      children: <PriceTab key={user.setting} user={user} />,
      shown: true,
    },
  ];
  return items.filter((item) => item.shown).map(({ shown: _shown, ...item }) => item);
}

/** /app/me: personal settings. */
export function MePage({ tab, onTabChange }: MePageProps) {
  const { t } = useTranslation();
  const { data: user, isLoading } = useSelfUser();
  const { data: status } = useStatus();

  if (!user) return <Skeleton active loading={isLoading} />;
  const items = tabItems(user, status, t);
  const activeKey = items.some((item) => item.key === tab) ? tab : 'balance';

  return (
    <ConsolePage title={t('me.title')}>
      <ProfileCard user={user} />
      <Card>
        <Tabs
          activeKey={activeKey}
          onChange={(key) => onTabChange(key as MeTab)}
          items={items}
          destroyOnHidden
        />
      </Card>
      <AccountActions user={user} />
    </ConsolePage>
  );
}
