import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { type FastifyRequest } from 'fastify';
import { commonError } from '../../common/errors/common.errors';
import { SetupService } from './setup.service';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Until the wizard has run, nothing but the wizard itself may write. */
@Injectable()
export class SetupGuard implements CanActivate {
  constructor(private readonly setup: SetupService) {}

  canActivate(context: ExecutionContext): boolean {
    assertSetupAllows(this.setup, context.switchToHttp().getRequest<FastifyRequest>());
    return true;
  }
}

/** The guard's rule, also for routes served by Fastify directly (the relay's calls). */
export function assertSetupAllows(setup: SetupService, request: FastifyRequest): void {
  if (setup.isDone()) return;
  if (READ_METHODS.has(request.method) || request.url.startsWith('/api/setup')) return;
  throw commonError('not_initialised');
}
