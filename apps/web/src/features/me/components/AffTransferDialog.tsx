import { Form, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_QUOTA_PER_UNIT, formatQuota } from '../../../lib/format-quota';
import { useStatus } from '../../../shared/status/use-status';

interface AffTransferDialogProps {
  open: boolean;
  /** Invite earnings not yet moved (aff_quota). */
  available: number;
  submitting: boolean;
  onSubmit: (quota: number) => void;
  onClose: () => void;
}

/** Spec §5: at least one unit (quota per unit) per transfer, at most what was earned. */
export function AffTransferDialog({
  open,
  available,
  submitting,
  onSubmit,
  onClose,
}: AffTransferDialogProps) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const [form] = Form.useForm<{ quota: number | null }>();
  const minimum =
    status?.quota_per_unit && status.quota_per_unit > 0 ? status.quota_per_unit : DEFAULT_QUOTA_PER_UNIT;
  const quota = Form.useWatch('quota', form);

  return (
    <Modal
      open={open}
      title={t('me.invitation.transferTitle')}
      okText={t('me.invitation.transferSubmit')}
      cancelText={t('me.cancel')}
      confirmLoading={submitting}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('me.invitation.available', { quota: formatQuota(available, status) })}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ quota: available >= minimum ? available : minimum }}
        onFinish={(values) => onSubmit(values.quota ?? 0)}
      >
        <Form.Item
          name="quota"
          label={t('me.invitation.transferAmount')}
          extra={typeof quota === 'number' ? formatQuota(quota, status) : undefined}
          rules={[
            { required: true, message: t('me.invitation.transferRequired') },
            {
              validator: (_, value: number | null) => {
                if (value === null || value === undefined) return Promise.resolve();
                if (value < minimum) {
                  return Promise.reject(
                    new Error(t('me.invitation.transferMinimum', { amount: formatQuota(minimum, status) })),
                  );
                }
                if (value > available) return Promise.reject(new Error(t('me.invitation.transferTooMuch')));
                return Promise.resolve();
              },
            },
          ]}
        >
          <InputNumber min={0} precision={0} step={minimum} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
