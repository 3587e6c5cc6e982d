import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { Public } from '../../../common/decorators/auth.decorators';
import { type Locale } from '../../../common/i18n/locale';
import { CriticalRoute } from '../critical-route.decorator';
import { RequestLocale } from '../request-locale.decorator';
import { RegisterDto } from './dto/register.dto';
import { EmailQueryDto } from './dto/email-query.dto';
import { ResetConfirmDto } from './dto/reset-confirm.dto';
import { EmailVerificationService } from './email-verification.service';
import { PasswordResetService } from './password-reset.service';
import { RegistrationService } from './registration.service';

/** Sign-up, email codes and password reset: public, rate limited per address, bot-checked where the spec says. */
@Controller('api')
@Public()
export class AccountController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly verification: EmailVerificationService,
    private readonly reset: PasswordResetService,
  ) {}

  @Post('user/register')
  @HttpCode(200)
  @CriticalRoute({ botCheck: true })
  register(@Body() body: RegisterDto): Promise<void> {
    return this.registration.register(body);
  }

  @Get('verification')
  @CriticalRoute({ botCheck: true })
  sendVerificationCode(@Query() query: EmailQueryDto, @RequestLocale() locale: Locale): Promise<void> {
    return this.verification.sendCode(query.email, locale);
  }

  @Get('reset_password')
  @CriticalRoute({ botCheck: true })
  requestPasswordReset(@Query() query: EmailQueryDto, @RequestLocale() locale: Locale): Promise<void> {
    return this.reset.requestReset(query.email, locale);
  }

  /** The answer's data is the new password. */
  @Post('user/reset')
  @HttpCode(200)
  @CriticalRoute()
  confirmPasswordReset(@Body() body: ResetConfirmDto): Promise<string> {
    return this.reset.confirmReset(body.email, body.token);
  }
}
