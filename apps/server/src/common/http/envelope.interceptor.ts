import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Observable, map } from 'rxjs';
import { RAW_RESPONSE } from '../decorators/raw-response.decorator';
import { ok } from './envelope';

/** Wraps what a console handler returns into {success:true, message:'', data}. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const raw = this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE, [
      context.getHandler(),
      context.getClass(),
    ]);
    return raw ? next.handle() : next.handle().pipe(map((data: unknown) => ok(data)));
  }
}
