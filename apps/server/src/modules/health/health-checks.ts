import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../infra/config/app-config';
import { JobQueue } from '../../infra/queue/queue.port';
import { CacheStore } from '../../infra/redis/redis.ports';

const PROBE_TIMEOUT_MS = 2000;

export interface Readiness {
  ready: boolean;
  body: Record<string, string>;
}

/**
 * What /readyz says: the database and Redis answer; a worker also needs its queue connections up and its
 * workers running (an HTTP replica is ready without any worker of its own).
 */
@Injectable()
export class HealthChecks {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly cache: CacheStore,
    private readonly queue: JobQueue,
    private readonly config: AppConfig,
  ) {}

  async readiness(): Promise<Readiness> {
    const [database, redis] = await Promise.all([
      probe(() => this.dataSource.query('SELECT 1')),
      probe(() => this.cache.ping()),
    ]);
    const body: Record<string, string> = { database, redis };
    if (this.config.appRole === 'worker') {
      const { connection, workers } = this.queue.readiness();
      Object.assign(body, { queue: connection, workers });
    }
    const ready = Object.values(body).every((value) => value === 'ok' || value === 'running');
    return { ready, body: { status: ready ? 'ok' : 'unavailable', ...body } };
  }
}

async function probe(check: () => Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
