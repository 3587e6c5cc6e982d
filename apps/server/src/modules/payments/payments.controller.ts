import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { type Envelope, type Page, Role, type TopUpOrder, type TopUpPayAnswer } from '@tollgate/contracts';
import { type Caller, CurrentCaller, Roles } from '../../common/decorators/auth.decorators';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { ok } from '../../common/http/envelope';
import { TopUpAmountDto, TopUpOrdersQueryDto, TopUpPayDto } from './dto/top-up.dto';
import { PaymentsService } from './payments.service';

/** The wallet's online top-up and the order lists (reference §9; `message: "success"` as upstream answers). */
@Controller('api/user')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Post('amount')
  @HttpCode(200)
  @RawResponse()
  async amount(@CurrentCaller() caller: Caller, @Body() body: TopUpAmountDto): Promise<Envelope<string>> {
    return ok(await this.payments.amountPayable(caller.id, body.amount), 'success');
  }

  @Post('pay')
  @HttpCode(200)
  @RawResponse()
  pay(@CurrentCaller() caller: Caller, @Body() body: TopUpPayDto): Promise<TopUpPayAnswer> {
    return this.payments.pay(caller.id, body.amount, body.payment_method);
  }

  @Get('topup/self')
  ownOrders(@CurrentCaller() caller: Caller, @Query() query: TopUpOrdersQueryDto): Promise<Page<TopUpOrder>> {
    return this.payments.ownOrders(caller.id, query);
  }

  @Get('topup')
  @Roles(Role.Admin)
  allOrders(@Query() query: TopUpOrdersQueryDto): Promise<Page<TopUpOrder>> {
    return this.payments.allOrders(query);
  }
}
