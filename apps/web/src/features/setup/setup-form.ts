import { type DatabaseType, PASSWORD_MIN_LENGTH, type SetupRequest } from '@tollgate/contracts';

export const UsageMode = {
  External: 'external',
  SelfUse: 'self-use',
  Demo: 'demo',
} as const;
export type UsageMode = (typeof UsageMode)[keyof typeof UsageMode];

export interface SetupFormValues {
  username: string;
  password: string;
  confirmPassword: string;
  usageMode: UsageMode;
}

export const INITIAL_SETUP_VALUES: SetupFormValues = {
  username: '',
  password: '',
  confirmPassword: '',
  usageMode: UsageMode.External,
};

export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;

/** The admin fields are only sent while no root account exists; the server ignores them afterwards. */
export function toSetupRequest(values: SetupFormValues, rootInitialised: boolean): SetupRequest {
  return {
    username: rootInitialised ? '' : values.username.trim(),
    password: rootInitialised ? '' : values.password,
    confirmPassword: rootInitialised ? '' : values.confirmPassword,
    SelfUseModeEnabled: values.usageMode === UsageMode.SelfUse,
    DemoSiteEnabled: values.usageMode === UsageMode.Demo,
  };
}

/** Product names, shown the same in every language. */
export const DATABASE_LABELS: Record<DatabaseType, string> = {
  sqlite: 'SQLite',
  postgres: 'PostgreSQL',
};
