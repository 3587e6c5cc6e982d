import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { Public } from '../../common/decorators/auth.decorators';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { HealthChecks } from './health-checks';

/** Liveness and readiness for load balancers and orchestrators; plain JSON, no envelope. */
@Controller()
@Public()
@RawResponse()
export class HealthController {
  constructor(private readonly checks: HealthChecks) {}

  @Get('healthz')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Record<string, string>> {
    const { ready, body } = await this.checks.readiness();
    void reply.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return body;
  }
}
