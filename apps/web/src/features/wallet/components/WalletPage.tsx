import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../shared/components/ConsolePage';
import { useStatus } from '../../../shared/status/use-status';
import { BalanceCard } from './BalanceCard';
import { RedeemCard } from './RedeemCard';

interface WalletPageProps {
  linkCode?: string;
  onLinkCodeUsed: () => void;
}

/** Balance and redemption; online top-up joins when payments are built (until then only its off banner). */
export function WalletPage({ linkCode, onLinkCodeUsed }: WalletPageProps) {
  const { t } = useTranslation();
  const { data: status } = useStatus();

  return (
    <ConsolePage title={t('wallet.title')}>
      <BalanceCard />
      <RedeemCard key={linkCode ?? ''} linkCode={linkCode} onLinkCodeUsed={onLinkCodeUsed} />
      {status && !status.enable_online_topup && (
        <Alert
          type="info"
          showIcon
          title={t('wallet.topUp.disabled')}
          description={t('wallet.topUp.disabledHint')}
        />
      )}
    </ConsolePage>
  );
}
