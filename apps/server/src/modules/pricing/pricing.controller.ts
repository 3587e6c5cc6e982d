import { Controller, Get, Headers, UseGuards } from '@nestjs/common';
import { type PricingAnswer } from '@tollgate/contracts';
import { type Caller, Public } from '../../common/decorators/auth.decorators';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { localeFrom } from '../../common/i18n/locale';
import { OptionalCaller, OptionalCallerGuard } from '../auth/optional-caller';
import { PricingService } from './pricing.service';

@Controller('api')
export class PricingController {
  constructor(private readonly pricing: PricingService) {}

  /** The price list; visitors see it too, with the default usable groups. */
  @Get('pricing')
  @Public()
  @UseGuards(OptionalCallerGuard)
  // group_ratio and usable_group sit beside data in the envelope (spec 001 §7).
  @RawResponse()
  async list(
    @OptionalCaller() caller: Caller | null,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<PricingAnswer> {
    const list = await this.pricing.list(caller?.id ?? null, localeFrom(acceptLanguage));
    return { success: true, message: '', ...list };
  }
}
