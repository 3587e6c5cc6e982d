export type DatabaseType = 'postgres' | 'sqlite';

export interface SetupStatus {
  status: boolean;
  root_init: boolean;
  database_type: DatabaseType;
}

export interface SetupRequest {
  username: string;
  password: string;
  confirmPassword: string;
  SelfUseModeEnabled: boolean;
  DemoSiteEnabled: boolean;
}
