import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Observable, map } from 'rxjs';
import { RAW_RESPONSE } from '../decorators/raw-response.decorator';
import { ok } from './envelope';

/** Wraps what a console handler returns into {success:true, message:'', data}. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  // Decorators are fixed at boot: each route's answer kind is looked up once, not on every request. Keyed by
  // class, then handler (an inherited handler may serve classes decorated differently).
  private readonly rawRoutes = new WeakMap<object, WeakMap<object, boolean>>();

  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return this.isRaw(context) ? next.handle() : next.handle().pipe(map((data: unknown) => ok(data)));
  }

  private isRaw(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    const controller = context.getClass();
    let routes = this.rawRoutes.get(controller);
    if (!routes) {
      routes = new WeakMap();
      this.rawRoutes.set(controller, routes);
    }
    let raw = routes.get(handler);
    if (raw === undefined) {
      raw =
        this.reflector.getAllAndOverride<boolean | undefined>(RAW_RESPONSE, [handler, controller]) === true;
      routes.set(handler, raw);
    }
    return raw;
  }
}
