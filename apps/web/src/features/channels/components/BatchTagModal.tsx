import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface BatchTagModalProps {
  count: number;
  /** Resolves true once the tag is set (the dialog then closes). */
  onSubmit: (tag: string) => Promise<boolean>;
  onClose: () => void;
}

/** Sets one tag on the selected channels; mounted while open. */
export function BatchTagModal({ count, onSubmit, onClose }: BatchTagModalProps) {
  const { t } = useTranslation();
  const [tag, setTag] = useState('');
  const [error, setError] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async (): Promise<void> => {
    const value = tag.trim();
    if (value === '') {
      setError(true);
      return;
    }
    setSaving(true);
    const done = await onSubmit(value);
    setSaving(false);
    if (done) onClose();
  };

  return (
    <Modal
      open
      title={t('channels.batchTag.title')}
      okText={t('channels.batchTag.ok')}
      cancelText={t('channels.batchTag.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">
        {t('channels.batchTag.selected', { count })}
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label={t('channels.batchTag.tag')}
          validateStatus={error ? 'error' : undefined}
          help={error ? t('channels.issues.tag_required') : undefined}
        >
          <Input
            autoFocus
            value={tag}
            placeholder={t('channels.batchTag.tagPlaceholder')}
            onChange={(event) => {
              setTag(event.target.value);
              setError(false);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
