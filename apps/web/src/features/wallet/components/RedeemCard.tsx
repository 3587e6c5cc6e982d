import { GiftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../../shared/status/use-status';
import { useRedeem } from '../hooks/use-redeem';

interface RedeemCardProps {
  /** A code that arrived in the link (`?code=`): shown as recognised until the user changes it. */
  linkCode?: string;
  onLinkCodeUsed: () => void;
}

export function RedeemCard({ linkCode, onLinkCodeUsed }: RedeemCardProps) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const [code, setCode] = useState(linkCode ?? '');
  const [recognised, setRecognised] = useState(linkCode !== undefined);
  const { redeem, isLoading } = useRedeem(() => {
    setCode('');
    if (recognised) onLinkCodeUsed();
    setRecognised(false);
  });
  const topUpLink = status?.top_up_link;

  const change = (): void => {
    setRecognised(false);
    setCode('');
  };

  return (
    <Card title={t('wallet.redeem.title')}>
      <Flex vertical gap={12}>
        {recognised ? (
          <Alert
            type="success"
            showIcon
            title={
              <>
                {t('wallet.redeem.recognized')}
                <Typography.Text code>{code}</Typography.Text>
              </>
            }
            action={
              <Button type="link" size="small" onClick={change}>
                {t('wallet.redeem.change')}
              </Button>
            }
          />
        ) : (
          <Input
            aria-label={t('wallet.redeem.code')}
            placeholder={t('wallet.redeem.placeholder')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onPressEnter={() => redeem(code)}
            allowClear
            autoFocus={linkCode !== undefined}
          />
        )}
        <Flex wrap gap={8} align="center">
          <Button type="primary" loading={isLoading} onClick={() => redeem(code)}>
            {t('wallet.redeem.submit')}
          </Button>
          {topUpLink ? (
            <Button icon={<GiftOutlined />} href={topUpLink} target="_blank" rel="noopener noreferrer">
              {t('wallet.redeem.getCode')}
            </Button>
          ) : (
            status && <Typography.Text type="secondary">{t('wallet.redeem.noLink')}</Typography.Text>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
