import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tollgate/contracts';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** Required, 8 to 20 characters (spec §3, §5). */
export function passwordRules(t: TFunction): Rule[] {
  return [
    { required: true, message: t('identity.passwordRequired') },
    { min: PASSWORD_MIN_LENGTH, message: t('identity.passwordTooShort') },
    { max: PASSWORD_MAX_LENGTH, message: t('identity.passwordTooLong') },
  ];
}

/** The confirmation must equal the field `passwordField` (spec §5). */
export function confirmRules(t: TFunction, passwordField: string, mismatchMessage: string): Rule[] {
  return [
    { required: true, message: t('identity.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        !value || value === getFieldValue(passwordField)
          ? Promise.resolve()
          : Promise.reject(new Error(mismatchMessage)),
    }),
  ];
}
