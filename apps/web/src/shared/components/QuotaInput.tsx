import { formatQuotaAsUsd } from '@tollgate/contracts';
import { Button, Flex, InputNumber } from 'antd';
import { DEFAULT_QUOTA_PER_UNIT } from '../../lib/format-quota';
import { useStatus } from '../status/use-status';
import { QUOTA_PRESETS } from './quota-presets';

interface QuotaInputProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
}

/** Quota amount with the spec's preset buttons; shared by the token and redemption code forms. */
export function QuotaInput({ id, value, onChange, disabled }: QuotaInputProps) {
  const { data: status } = useStatus();
  const perUnit = status?.quota_per_unit || DEFAULT_QUOTA_PER_UNIT;
  const dollars = (quota: number): string => `$${Number((quota / perUnit).toFixed(2))}`;

  return (
    <Flex vertical gap={8}>
      <InputNumber<number>
        id={id}
        value={value}
        onChange={onChange}
        disabled={disabled}
        min={0}
        precision={0}
        style={{ width: '100%' }}
        suffix={typeof value === 'number' ? `≈ ${formatQuotaAsUsd(value, perUnit)}` : undefined}
      />
      <Flex wrap gap={8}>
        {QUOTA_PRESETS.map((quota) => (
          <Button
            key={quota}
            size="small"
            disabled={disabled}
            type={value === quota ? 'primary' : 'default'}
            onClick={() => onChange?.(quota)}
          >
            {dollars(quota)}
          </Button>
        ))}
      </Flex>
    </Flex>
  );
}
