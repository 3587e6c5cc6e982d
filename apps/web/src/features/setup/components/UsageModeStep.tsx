import { Flex, Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UsageMode } from '../setup-form';
import { useUsageModeLabels } from '../hooks/use-usage-mode-labels';

const MODES = [UsageMode.External, UsageMode.SelfUse, UsageMode.Demo] as const;

export function UsageModeStep() {
  const labels = useUsageModeLabels();
  const { t } = useTranslation();

  return (
    <Form.Item name="usageMode" label={t('setup.stepMode')}>
      <Radio.Group style={{ width: '100%' }}>
        <Flex vertical gap={16}>
          {MODES.map((mode) => (
            <Radio key={mode} value={mode}>
              <Typography.Text strong>{labels[mode].title}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{labels[mode].hint}</Typography.Text>
            </Radio>
          ))}
        </Flex>
      </Radio.Group>
    </Form.Item>
  );
}
