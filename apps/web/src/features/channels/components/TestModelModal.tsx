import { type ChannelView, splitCommaList } from '@tollgate/contracts';
import { Alert, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface TestModelModalProps {
  channel: ChannelView;
  /** Resolves null when the test passed, else why it failed (its hook also shows the outcome). */
  onTest: (model: string) => Promise<string | null>;
  onClose: () => void;
}

/**
 * The model-to-test dialog: one of the channel's models, its test model first. A passed test closes it; a
 * failed one stays, saying why, so another model can be tried.
 */
export function TestModelModal({ channel, onTest, onClose }: TestModelModalProps) {
  const { t } = useTranslation();
  const models = splitCommaList(channel.models);
  const [model, setModel] = useState(channel.test_model || models[0] || '');
  const [testing, setTesting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const test = async (): Promise<void> => {
    setTesting(true);
    setFailure(null);
    const reason = await onTest(model);
    setTesting(false);
    if (reason === null) onClose();
    else setFailure(reason);
  };

  return (
    <Modal
      open
      title={t('channels.ops.testDialog.title', { name: channel.name })}
      okText={t('channels.ops.testDialog.ok')}
      cancelText={t('channels.ops.testDialog.cancel')}
      okButtonProps={{ disabled: model === '' }}
      confirmLoading={testing}
      onOk={() => void test()}
      onCancel={onClose}
    >
      {failure !== null && (
        <Alert
          type="error"
          showIcon
          title={t('channels.responseTime.failed')}
          description={failure}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form layout="vertical">
        <Form.Item label={t('channels.ops.testDialog.model')}>
          <Select
            showSearch
            value={model || undefined}
            onChange={(next: string) => {
              setModel(next);
              setFailure(null);
            }}
            placeholder={t('channels.ops.testDialog.modelPlaceholder')}
            aria-label={t('channels.ops.testDialog.model')}
            options={models.map((name) => ({ value: name, label: name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
