import { AlipayCircleOutlined, WechatOutlined } from '@ant-design/icons';
import type { PaymentMethod, StatusObject } from '@tollgate/contracts';
import { Button, Card, Flex, InputNumber, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAmountPayable } from '../hooks/use-amount-payable';
import { usePay } from '../hooks/use-pay';
import { clampAmount, minimumTopUp } from '../top-up-amount';
import { PayConfirmModal } from './PayConfirmModal';

interface TopUpCardProps {
  status: StatusObject;
}

/** Online top-up: the amount (from the site's minimum), the amount payable as it changes, and the two pay buttons. */
export function TopUpCard({ status }: TopUpCardProps) {
  const { t } = useTranslation();
  const min = minimumTopUp(status);
  const [amount, setAmount] = useState(min);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const belowMin = amount < min;
  const { payable, isLoading } = useAmountPayable(amount, !belowMin);
  const { pay, isPaying } = usePay(() => setMethod(null));
  const unit = status.display_in_currency ? '$' : '';
  const amountText = `${unit}${amount}`;

  return (
    <Card title={t('wallet.topUp.title')}>
      <Flex vertical gap={16}>
        <Flex wrap gap={24} align="flex-end">
          <Flex vertical gap={4}>
            <Typography.Text>{t('wallet.topUp.amount')}</Typography.Text>
            <InputNumber
              aria-label={t('wallet.topUp.amount')}
              prefix={unit || undefined}
              min={1}
              precision={0}
              value={amount}
              onChange={(value) => setAmount(clampAmount(value))}
              style={{ width: 200 }}
            />
            <Typography.Text type={belowMin ? 'danger' : 'secondary'}>
              {belowMin
                ? t('wallet.topUp.belowMin', { min })
                : t('wallet.topUp.minHint', { min: `${unit}${min}` })}
            </Typography.Text>
          </Flex>
          <Statistic
            title={t('wallet.topUp.payable')}
            value={belowMin || !payable ? '-' : payable}
            prefix={belowMin || !payable ? undefined : '¥'}
            loading={isLoading}
          />
        </Flex>
        <Flex wrap gap={8}>
          <Button
            type="primary"
            icon={<AlipayCircleOutlined />}
            disabled={belowMin}
            onClick={() => setMethod('zfb')}
          >
            {t('wallet.topUp.payZfb')}
          </Button>
          <Button
            icon={<WechatOutlined />}
            style={{ color: '#07c160', borderColor: '#07c160' }}
            disabled={belowMin}
            onClick={() => setMethod('wx')}
          >
            {t('wallet.topUp.payWx')}
          </Button>
        </Flex>
      </Flex>
      <PayConfirmModal
        method={method}
        amountText={amountText}
        payable={payable}
        paying={isPaying}
        onConfirm={() => method && pay({ amount, method })}
        onCancel={() => setMethod(null)}
      />
    </Card>
  );
}
