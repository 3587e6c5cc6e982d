import type { PriceFill } from '@tollgate/contracts';
import { Button, Flex, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface BatchFillBarProps {
  selectedCount: number;
  onFill: (fill: PriceFill) => void;
}

/** Spec 000 §5 batch set: a fixed price, or a model and a completion ratio, for the ticked models. */
export function BatchFillBar({ selectedCount, onFill }: BatchFillBarProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<PriceFill['mode']>('price');
  const [price, setPrice] = useState('');
  const [ratio, setRatio] = useState('');
  const [completionRatio, setCompletionRatio] = useState('');

  const fill = () => onFill(mode === 'price' ? { mode, price } : { mode, ratio, completionRatio });
  const field = (label: string, value: string, change: (text: string) => void) => (
    <Input
      aria-label={label}
      // The label stays in view once a value is typed.
      prefix={<Typography.Text type="secondary">{label}</Typography.Text>}
      value={value}
      onChange={(event) => change(event.target.value)}
      onPressEnter={fill}
      inputMode="decimal"
      style={{ width: 240, maxWidth: '100%' }}
    />
  );

  return (
    <Flex gap={8} wrap align="center">
      <Select<PriceFill['mode']>
        aria-label={t('settings.ratios.unset.fillMode')}
        value={mode}
        onChange={setMode}
        options={(['price', 'ratios'] as const).map((value) => ({
          value,
          label: t(`settings.ratios.unset.fillModes.${value}`),
        }))}
        style={{ width: 200 }}
      />
      {mode === 'price' ? (
        field(t('settings.ratios.unset.fillPrice'), price, setPrice)
      ) : (
        <>
          {field(t('settings.ratios.unset.fillRatio'), ratio, setRatio)}
          {field(t('settings.ratios.unset.fillCompletionRatio'), completionRatio, setCompletionRatio)}
        </>
      )}
      <Button onClick={fill}>{t('settings.ratios.unset.fill')}</Button>
      <span>{t('settings.ratios.unset.selected', { count: selectedCount })}</span>
    </Flex>
  );
}
