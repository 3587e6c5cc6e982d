import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AccountSummary } from '../../account/components/AccountSummary';

export function TokensPage() {
  const { t } = useTranslation();

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('tokens.title')}
      </Typography.Title>
      <Alert type="warning" showIcon title={t('tokens.personalUse')} />
      {/* Interim landing content until the token list (second spec, §2) takes this place. */}
      <AccountSummary />
    </Flex>
  );
}
