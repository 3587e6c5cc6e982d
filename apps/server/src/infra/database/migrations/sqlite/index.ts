import { type MigrationInterface } from 'typeorm';
import { InitialSchema1732150000000 } from './1732150000000-initial-schema';

type MigrationClass = new () => MigrationInterface;

/** Applied in order at boot; never edit one that has shipped — add the next. */
export const SQLITE_MIGRATIONS: MigrationClass[] = [InitialSchema1732150000000];
