import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { Public } from '../../common/decorators/auth.decorators';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { CacheStore } from '../../infra/redis/redis.ports';

/** Liveness and readiness for load balancers and orchestrators; plain JSON, no envelope. */
@Controller()
@Public()
@RawResponse()
export class HealthController {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly cache: CacheStore,
  ) {}

  @Get('healthz')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Record<string, string>> {
    const [database, redis] = await Promise.all([
      this.check(() => this.dataSource.query('SELECT 1')),
      this.check(() => this.cache.ping()),
    ]);
    const ready = database === 'ok' && redis === 'ok';
    void reply.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ready ? 'ok' : 'unavailable', database, redis };
  }

  private async check(probe: () => Promise<unknown>): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), 2000);
    });
    try {
      await Promise.race([probe(), timeout]);
      return 'ok';
    } catch {
      return 'down';
    } finally {
      clearTimeout(timer);
    }
  }
}
