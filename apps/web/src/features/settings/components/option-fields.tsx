import {
  OPTION_CATALOGUE,
  OPTION_ISSUE_MESSAGES,
  type NumericOptionSpec,
  isOptionKey,
  optionIssueMessage,
  validateOption,
} from '@tollgate/contracts';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { useStoredOptions } from './OptionPanel';

interface FieldProps {
  /** The option key; also the form field's name. */
  name: string;
  label: ReactNode;
  /** Help under the field. */
  extra?: ReactNode;
  disabled?: boolean;
}

export function OptionSwitch({ name, label, extra, disabled }: FieldProps) {
  return (
    <Form.Item name={name} label={label} extra={extra} valuePropName="checked">
      <Switch disabled={disabled} />
    </Form.Item>
  );
}

const numericSpec = (name: string): NumericOptionSpec | undefined => {
  const spec = isOptionKey(name) ? OPTION_CATALOGUE[name] : undefined;
  return spec && (spec.kind === 'integer' || spec.kind === 'number') ? spec : undefined;
};

interface NumberFieldProps extends FieldProps {
  step?: number;
  /** A unit shown after the number (seconds, minutes, %). */
  unit?: ReactNode;
  placeholder?: string;
  /**
   * false: the input does not pull a number back into the catalogue's range; an out-of-range number stays as
   * typed and the catalogue's own message shows under it (for ranges the spec words, like the rebate's 0–100).
   */
  clamp?: boolean;
}

/** The catalogue's refusal of a typed number, as a form rule (the form holds numbers, options strings). */
const catalogueRule = (name: string) => ({
  validator: (_: unknown, value: number | null | undefined) => {
    const issue = value === null || value === undefined ? null : validateOption(name, String(value), {});
    return issue
      ? Promise.reject(new Error(optionIssueMessage(issue, currentLanguage())))
      : Promise.resolve();
  },
});

/** A number input bounded by the catalogue's range; whole numbers for integer options. */
export function OptionNumber({
  name,
  label,
  extra,
  disabled,
  step,
  unit,
  placeholder,
  clamp = true,
}: NumberFieldProps) {
  const spec = numericSpec(name);
  return (
    <Form.Item name={name} label={label} extra={extra} rules={clamp ? undefined : [catalogueRule(name)]}>
      <InputNumber
        min={clamp ? spec?.min : undefined}
        max={clamp ? spec?.max : undefined}
        step={step ?? (spec?.kind === 'integer' ? 1 : 0.1)}
        precision={spec?.kind === 'integer' ? 0 : undefined}
        suffix={unit}
        placeholder={placeholder}
        disabled={disabled}
        style={{ width: '100%', maxWidth: 320 }}
      />
    </Form.Item>
  );
}

interface SelectFieldProps extends FieldProps {
  /** The stored values offered, with their labels. */
  options: ReadonlyArray<{ value: string; label: ReactNode }>;
}

/** A string option with a fixed set of values (the catalogue's `oneOf`). */
export function OptionSelect({ name, label, extra, disabled, options }: SelectFieldProps) {
  return (
    <Form.Item name={name} label={label} extra={extra}>
      <Select options={[...options]} disabled={disabled} style={{ width: '100%', maxWidth: 320 }} />
    </Form.Item>
  );
}

interface TextFieldProps extends FieldProps {
  placeholder?: string;
  /** Rows of a multi-line field; a single line without it. */
  rows?: number;
}

export function OptionText({ name, label, extra, disabled, placeholder, rows }: TextFieldProps) {
  return (
    <Form.Item name={name} label={label} extra={extra}>
      {rows ? (
        <Input.TextArea rows={rows} placeholder={placeholder} disabled={disabled} />
      ) : (
        <Input placeholder={placeholder} disabled={disabled} />
      )}
    </Form.Item>
  );
}

interface JsonFieldProps extends TextFieldProps {
  /**
   * Shows a compact stored value indented, one entry a line. Text being edited is left as typed, and an
   * untouched field still holds the stored text, so an unchanged form saves nothing.
   */
  pretty?: boolean;
}

/** The indented form of a compact JSON text; anything else (typed text, invalid JSON) unchanged. */
const indentCompact = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return JSON.stringify(parsed) === value ? JSON.stringify(parsed, null, 2) : value;
  } catch {
    return value;
  }
};

/** A JSON option: refused inline with the spec's message until it parses (spec 000 §5). */
export function OptionJson({ name, label, extra, disabled, placeholder, rows = 6, pretty }: JsonFieldProps) {
  const invalid = () => OPTION_ISSUE_MESSAGES.invalid_json[currentLanguage()];
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      getValueProps={pretty ? (value: unknown) => ({ value: indentCompact(value) }) : undefined}
      rules={[
        {
          validator: (_, value: string | undefined) => {
            if (!value?.trim()) return Promise.resolve();
            try {
              JSON.parse(value);
              return Promise.resolve();
            } catch {
              return Promise.reject(new Error(invalid()));
            }
          },
        },
      ]}
    >
      <Input.TextArea
        rows={rows}
        placeholder={placeholder}
        disabled={disabled}
        spellCheck={false}
        style={{ fontFamily: 'monospace' }}
      />
    </Form.Item>
  );
}

/** A write-only secret: the field starts blank, says whether one is stored, and is sent only when typed. */
export function OptionSecret({ name, label, extra, disabled }: FieldProps) {
  const { t } = useTranslation();
  const isSet = useStoredOptions().secretsSet.has(name);
  return (
    <Form.Item name={name} label={label} extra={extra}>
      <Input.Password
        autoComplete="new-password"
        disabled={disabled}
        placeholder={isSet ? t('settings.secretSet') : t('settings.secretUnset')}
      />
    </Form.Item>
  );
}
