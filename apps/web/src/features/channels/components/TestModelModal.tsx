import { type ChannelView, splitCommaList } from '@tollgate/contracts';
import { Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface TestModelModalProps {
  channel: ChannelView;
  /** Resolves once the test has answered (its hook shows the outcome). */
  onTest: (model: string) => Promise<unknown>;
  onClose: () => void;
}

/** The model-to-test dialog: one of the channel's models, its test model first; stays open for another test. */
export function TestModelModal({ channel, onTest, onClose }: TestModelModalProps) {
  const { t } = useTranslation();
  const models = splitCommaList(channel.models);
  const [model, setModel] = useState(channel.test_model || models[0] || '');
  const [testing, setTesting] = useState(false);

  const test = async (): Promise<void> => {
    setTesting(true);
    try {
      await onTest(model);
    } finally {
      setTesting(false);
    }
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
      <Form layout="vertical">
        <Form.Item label={t('channels.ops.testDialog.model')}>
          <Select
            showSearch
            value={model || undefined}
            onChange={setModel}
            placeholder={t('channels.ops.testDialog.modelPlaceholder')}
            aria-label={t('channels.ops.testDialog.model')}
            options={models.map((name) => ({ value: name, label: name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
