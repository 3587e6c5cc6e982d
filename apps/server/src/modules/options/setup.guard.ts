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
    if (this.setup.isDone()) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (READ_METHODS.has(request.method) || request.url.startsWith('/api/setup')) return true;
    throw commonError('not_initialised');
  }
}
