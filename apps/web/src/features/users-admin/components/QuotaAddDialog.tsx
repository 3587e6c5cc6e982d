import { InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuota } from '../../../lib/format-quota';
import { useStatus } from '../../../shared/status/use-status';

interface QuotaAddDialogProps {
  open: boolean;
  current: number;
  onApply: (quota: number) => void;
  onClose: () => void;
}

/** Spec §4: shows new quota = current + added; a negative amount takes quota away. */
export function QuotaAddDialog({ open, current, onApply, onClose }: QuotaAddDialogProps) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const [added, setAdded] = useState<number | null>(0);
  const amount = added ?? 0;
  const next = current + amount;

  return (
    <Modal
      open={open}
      title={t('usersAdmin.quotaAdd.title')}
      okText={t('usersAdmin.quotaAdd.apply')}
      cancelText={t('usersAdmin.cancel')}
      okButtonProps={{ disabled: next < 0 }}
      onOk={() => onApply(next)}
      onCancel={onClose}
      afterOpenChange={(visible) => visible || setAdded(0)}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t(amount < 0 ? 'usersAdmin.quotaAdd.formulaMinus' : 'usersAdmin.quotaAdd.formula', {
          current: formatQuota(current, status),
          added: formatQuota(Math.abs(amount), status),
          next: formatQuota(next, status),
        })}
      </Typography.Paragraph>
      <InputNumber
        value={added}
        onChange={setAdded}
        precision={0}
        style={{ width: '100%' }}
        placeholder={t('usersAdmin.quotaAdd.placeholder')}
        aria-label={t('usersAdmin.quotaAdd.amount')}
      />
      {next < 0 && <Typography.Text type="danger">{t('usersAdmin.quotaAdd.negativeResult')}</Typography.Text>}
    </Modal>
  );
}
