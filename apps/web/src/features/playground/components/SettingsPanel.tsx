import { Form, Input, InputNumber, Select, Slider } from 'antd';
import { useTranslation } from 'react-i18next';
import type { usePlaygroundSettings } from '../hooks/use-playground-settings';
import { TEMPERATURE_RANGE } from '../playground-defaults';

interface SettingsPanelProps {
  panel: ReturnType<typeof usePlaygroundSettings>;
}

/** Group, model, temperature, max tokens and the system prompt of the next message. */
export function SettingsPanel({ panel }: SettingsPanelProps) {
  const { t } = useTranslation();
  const { settings, change } = panel;
  const models = panel.models.includes(settings.model) ? panel.models : [settings.model, ...panel.models];

  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t('playground.group')}>
        <Select
          aria-label={t('playground.group')}
          value={panel.group || undefined}
          loading={panel.loading}
          onChange={(group: string) => change({ group })}
          options={Object.entries(panel.groups).map(([name, { desc, ratio }]) => ({
            value: name,
            label: `${name} · ${desc} (×${ratio})`,
          }))}
        />
      </Form.Item>
      <Form.Item label={t('playground.model')}>
        <Select
          showSearch
          aria-label={t('playground.model')}
          value={settings.model}
          loading={panel.loading}
          onChange={(model: string) => change({ model })}
          options={models.map((name) => ({ value: name, label: name }))}
        />
      </Form.Item>
      <Form.Item label={t('playground.temperatureValue', { value: settings.temperature })}>
        <Slider
          aria-label={t('playground.temperature')}
          {...TEMPERATURE_RANGE}
          value={settings.temperature}
          onChange={(temperature: number) => change({ temperature })}
        />
      </Form.Item>
      <Form.Item label={t('playground.maxTokens')} extra={t('playground.maxTokensHint')}>
        <InputNumber
          aria-label={t('playground.maxTokens')}
          min={0}
          precision={0}
          style={{ width: '100%' }}
          value={settings.maxTokens}
          onChange={(value) => change({ maxTokens: value ?? 0 })}
        />
      </Form.Item>
      <Form.Item label={t('playground.systemPrompt')}>
        <Input.TextArea
          aria-label={t('playground.systemPrompt')}
          autoSize={{ minRows: 3, maxRows: 8 }}
          value={settings.systemPrompt}
          onChange={(event) => change({ systemPrompt: event.target.value })}
        />
      </Form.Item>
    </Form>
  );
}
