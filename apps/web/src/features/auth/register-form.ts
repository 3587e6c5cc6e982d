import type { RegisterRequest } from '@tollgate/contracts';

export interface RegisterFormValues {
  username: string;
  password: string;
  confirmPassword: string;
  email?: string;
  verificationCode?: string;
  affCode?: string;
}

const optional = (value: string | undefined): string | undefined => value?.trim() || undefined;

export function toRegisterRequest(values: RegisterFormValues): RegisterRequest {
  return {
    username: values.username.trim(),
    password: values.password,
    email: optional(values.email),
    verification_code: optional(values.verificationCode),
    aff_code: optional(values.affCode),
  };
}
