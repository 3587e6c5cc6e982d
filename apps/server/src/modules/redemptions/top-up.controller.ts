import { Body, Controller, Headers, HttpCode, Ip, Post } from '@nestjs/common';
import { type TopUpResult } from '@tollgate/contracts';
import { type Caller, CurrentCaller } from '../../common/decorators/auth.decorators';
import { localeFrom } from '../../common/i18n/locale';
import { TopUpDto } from './dto/redemption-query.dto';
import { RedeemService } from './redeem.service';

/** The wallet's redeem box: any signed-in user. */
@Controller('api/user')
export class TopUpController {
  constructor(private readonly redeem: RedeemService) {}

  @Post('topup')
  @HttpCode(200)
  topUp(
    @CurrentCaller() caller: Caller,
    @Body() body: TopUpDto,
    @Ip() ip: string,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<TopUpResult> {
    return this.redeem.redeem(caller.id, body.key, { ip, locale: localeFrom(acceptLanguage) });
  }
}
