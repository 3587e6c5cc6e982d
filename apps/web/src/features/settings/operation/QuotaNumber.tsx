import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_QUOTA_PER_UNIT, formatQuotaExact } from '../../../lib/format-quota';
import { useStoredOptions } from '../components/OptionPanel';
import { OptionNumber } from '../components/option-fields';

interface QuotaNumberProps {
  name: string;
  label: ReactNode;
  extra?: ReactNode;
}

/** A quota option with its dollar worth beside the number, at the stored quota per dollar. */
export function QuotaNumber({ name, label, extra }: QuotaNumberProps) {
  const { t } = useTranslation();
  const value = Form.useWatch<number | null | undefined>(name);
  const perUnit = Number(useStoredOptions().values.QuotaPerUnit) || DEFAULT_QUOTA_PER_UNIT;
  const worth =
    typeof value === 'number'
      ? t('settings.operation.quota.equals', {
          // Exact to a millionth of a dollar: check-in and reminder amounts are often below a cent.
          amount: formatQuotaExact(value, { quota_per_unit: perUnit, display_in_currency: true }),
        })
      : undefined;
  return <OptionNumber name={name} label={label} extra={extra} unit={worth} />;
}
