import { Module } from '@nestjs/common';
import { SessionService } from './session.service';
import { SessionsRepository } from './sessions.repository';

/**
 * Server-side sessions on their own: the users module ends them (password change, disable, delete)
 * without importing the auth module, which imports users.
 */
@Module({
  providers: [SessionService, SessionsRepository],
  exports: [SessionService],
})
export class SessionsModule {}
