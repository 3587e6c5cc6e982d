import { AsyncLocalStorage } from 'node:async_hooks';
import { type DataSource, type QueryRunner } from 'typeorm';

/**
 * TypeORM's SQLite driver shares ONE query runner (one connection) between all requests, so two concurrent
 * `dataSource.transaction()` calls would nest as savepoints and a rollback in one would undo the other's
 * writes. Here transactions run one at a time, each in an ownership context; statements from anyone else
 * wait until the open transaction has ended instead of slipping into it.
 */
export function serialiseSqliteTransactions(dataSource: DataSource): void {
  const owner = new AsyncLocalStorage<symbol>();
  const runner: QueryRunner = dataSource.driver.createQueryRunner('master');
  let open: { id: symbol; ended: Promise<void> } | null = null;
  let queue: Promise<void> = Promise.resolve();

  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  runner.query = (async (...args: unknown[]) => {
    while (open && owner.getStore() !== open.id) await open.ended;
    return query(...args);
  }) as QueryRunner['query'];

  // An implicit transaction of a plain save() may be in flight; let it finish before starting ours.
  const idle = async (): Promise<void> => {
    while (runner.isTransactionActive) await new Promise((resolve) => setImmediate(resolve));
  };

  const transaction = dataSource.transaction.bind(dataSource) as (...args: unknown[]) => Promise<unknown>;
  dataSource.transaction = async (...args: unknown[]) => {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const previous = queue;
    queue = previous.then(() => ended);
    await previous;
    const id = Symbol('transaction');
    try {
      await idle();
      open = { id, ended };
      return await owner.run(id, () => transaction(...args));
    } finally {
      open = null;
      end();
    }
  };
}
