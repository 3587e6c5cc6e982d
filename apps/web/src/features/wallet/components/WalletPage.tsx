import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../shared/components/ConsolePage';
import { useStatus } from '../../../shared/status/use-status';
import { useRefreshOnReturn } from '../hooks/use-refresh-on-return';
import { BalanceCard } from './BalanceCard';
import { RedeemCard } from './RedeemCard';
import { TopUpCard } from './TopUpCard';
import { TopUpHistory } from './TopUpHistory';

interface WalletPageProps {
  linkCode?: string;
  onLinkCodeUsed: () => void;
}

/** Balance, redemption, online top-up (or the banner saying it is off) and the user's orders. */
export function WalletPage({ linkCode, onLinkCodeUsed }: WalletPageProps) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  useRefreshOnReturn();

  return (
    <ConsolePage title={t('wallet.title')}>
      <BalanceCard />
      <RedeemCard key={linkCode ?? ''} linkCode={linkCode} onLinkCodeUsed={onLinkCodeUsed} />
      {status?.enable_online_topup ? (
        <TopUpCard status={status} />
      ) : (
        status && (
          <Alert
            type="info"
            showIcon
            title={t('wallet.topUp.disabled')}
            description={t('wallet.topUp.disabledHint')}
          />
        )
      )}
      <TopUpHistory />
    </ConsolePage>
  );
}
