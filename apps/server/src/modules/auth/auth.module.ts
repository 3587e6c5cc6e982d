import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { MailModule } from '../../infra/mail/mail.module';
import { OptionsModule } from '../options/options.module';
import { UsersModule } from '../users/users.module';
import { AccountController } from './account/account.controller';
import { EmailVerificationService } from './account/email-verification.service';
import { OneTimeSecrets } from './account/one-time-secrets';
import { PasswordResetService } from './account/password-reset.service';
import { RegistrationService } from './account/registration.service';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { CriticalRateLimitGuard } from './critical-rate-limit.guard';
import { LoginThrottle } from './login-throttle';
import { DirectLoginController } from './oauth/direct-login.controller';
import { ExternalAccountsService } from './oauth/external-accounts.service';
import { OAuth2Client } from './oauth/oauth2-client';
import { OAuthStateService } from './oauth/oauth-state.service';
import { OAuthController } from './oauth/oauth.controller';
import { OAuthService } from './oauth/oauth.service';
import { OidcProvider } from './oauth/oidc.provider';
import { TelegramLoginService } from './oauth/telegram-login.service';
import { WeChatLoginService } from './oauth/wechat-login.service';
import { OptionalCallerGuard } from './optional-caller';
import { SessionsModule } from './sessions.module';
import { TurnstileGuard, TurnstileVerifier } from './turnstile';

@Module({
  imports: [UsersModule, SessionsModule, OptionsModule, MailModule],
  controllers: [AuthController, AccountController, OAuthController, DirectLoginController],
  providers: [
    AuthService,
    LoginThrottle,
    CriticalRateLimitGuard,
    TurnstileVerifier,
    TurnstileGuard,
    OptionalCallerGuard,
    OneTimeSecrets,
    EmailVerificationService,
    RegistrationService,
    PasswordResetService,
    OAuth2Client,
    OAuthStateService,
    OidcProvider,
    OAuthService,
    ExternalAccountsService,
    WeChatLoginService,
    TelegramLoginService,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [AuthService],
})
export class AuthModule {}
