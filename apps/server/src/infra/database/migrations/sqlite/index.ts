import { type MigrationInterface } from 'typeorm';
import { InitialSchema1732150000000 } from './1732150000000-initial-schema';
import { Channels1732200000000 } from './1732200000000-channels';
import { TokensRedemptionsLogs1732300000000 } from './1732300000000-tokens-redemptions-logs';
import { UsersIdentity1732400000000 } from './1732400000000-users-identity';
import { UsersEmailLower1732500000000 } from './1732500000000-users-email-lower';
import { LedgerCursors1732600000000 } from './1732600000000-ledger-cursors';
import { LogsReadIndexes1732700000000 } from './1732700000000-logs-read-indexes';
import { QuotaData1732710000000 } from './1732710000000-quota-data';
import { TopUpOrders1732800000000 } from './1732800000000-top-up-orders';
import { Messages1732900000000 } from './1732900000000-messages';
import { Tasks1733000000000 } from './1733000000000-tasks';

type MigrationClass = new () => MigrationInterface;

/** Applied in order at boot; never edit one that has shipped — add the next. */
export const SQLITE_MIGRATIONS: MigrationClass[] = [
  InitialSchema1732150000000,
  Channels1732200000000,
  TokensRedemptionsLogs1732300000000,
  UsersIdentity1732400000000,
  UsersEmailLower1732500000000,
  LedgerCursors1732600000000,
  LogsReadIndexes1732700000000,
  QuotaData1732710000000,
  TopUpOrders1732800000000,
  Messages1732900000000,
  Tasks1733000000000,
];
