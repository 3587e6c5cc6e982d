import { Body, Controller, Get, Header, HttpCode, Post, Query } from '@nestjs/common';
import { EPAY_NOTIFY_PATH } from '@tollgate/contracts';
import { Public } from '../../common/decorators/auth.decorators';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { type EpayAck, EpayNotifyService } from './epay-notify.service';

const PATH = EPAY_NOTIFY_PATH.replace(/^\//, '');

/** easy-pay's server-to-server callback: no session, answered in plain text (`success` / `fail`). */
@Controller()
@Public()
export class EpayNotifyController {
  constructor(private readonly notify: EpayNotifyService) {}

  @Get(PATH)
  @RawResponse()
  @Header('content-type', 'text/plain; charset=utf-8')
  byQuery(@Query() query: unknown): Promise<EpayAck> {
    return this.notify.handle(query);
  }

  // Some gateways post the same fields as a form (Nest's Fastify adapter parses urlencoded bodies).
  @Post(PATH)
  @HttpCode(200)
  @RawResponse()
  @Header('content-type', 'text/plain; charset=utf-8')
  byForm(@Body() body: unknown, @Query() query: unknown): Promise<EpayAck> {
    const fields = typeof body === 'object' && body !== null && Object.keys(body).length > 0 ? body : query;
    return this.notify.handle(fields);
  }
}
