import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { OptionsModule } from '../options/options.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle';
import { SessionService } from './session.service';
import { SessionsRepository } from './sessions.repository';

@Module({
  imports: [UsersModule, OptionsModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    SessionService,
    SessionsRepository,
    LoginThrottle,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [AuthService],
})
export class AuthModule {}
