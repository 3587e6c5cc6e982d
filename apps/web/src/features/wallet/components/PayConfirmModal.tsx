import type { PaymentMethod } from '@tollgate/contracts';
import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

interface PayConfirmModalProps {
  method: PaymentMethod | null;
  amountText: string;
  payable: string | undefined;
  paying: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Top up this much, pay this much?" before the browser is sent to the gateway. */
export function PayConfirmModal({
  method,
  amountText,
  payable,
  paying,
  onConfirm,
  onCancel,
}: PayConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={method !== null}
      title={t('wallet.topUp.confirmTitle')}
      okText={t('wallet.topUp.confirmOk')}
      cancelText={t('wallet.topUp.cancel')}
      confirmLoading={paying}
      onOk={onConfirm}
      onCancel={onCancel}
      centered
    >
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('wallet.topUp.amount')}>{amountText}</Descriptions.Item>
        <Descriptions.Item label={t('wallet.topUp.payable')}>
          {payable ? `¥${payable}` : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('wallet.topUp.method')}>
          {method ? t(`topUpOrders.methods.${method}`) : ''}
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
