import { Injectable } from '@nestjs/common';
import { AppError } from '../../../common/errors/app-error';
import { OptionsService } from '../../options/options.service';
import { type UserEntity } from '../../users/user.entity';
import { UsersService } from '../../users/users.service';
import { accountError } from '../account/account.errors';
import { authError } from '../auth.errors';
import { type LoginResult } from '../auth.service';
import { SessionService } from '../session.service';
import { type ExternalIdentity, PROVIDER_LABELS } from './external-identity';
import { oauthError } from './oauth.errors';
import { usernameCandidates } from './usernames';

const isAppError = (error: unknown, code: string): boolean =>
  error instanceof AppError && error.code === code;

/** Signing in, signing up and binding with an identity a provider vouched for. */
@Injectable()
export class ExternalAccountsService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly options: OptionsService,
  ) {}

  /** The bound account's session; an unknown identity signs up when `signUp` allows and registration is on. */
  async signIn(identity: ExternalIdentity, signUp: { aff: string } | null): Promise<LoginResult> {
    let user = await this.users.findActiveByExternalId(identity.provider, identity.id);
    if (!user) {
      if (!signUp) throw oauthError('not_bound', { provider: PROVIDER_LABELS[identity.provider] });
      if (!this.options.getBoolean('RegisterEnabled')) throw accountError('register_disabled');
      user = await this.signUp(identity, signUp.aff);
    }
    if (!this.users.isUsable(user)) throw authError('user_banned');
    return { user, sessionToken: await this.sessions.start(user.id) };
  }

  /** Refused by the users module when another account holds that identity. */
  bind(userId: number, identity: ExternalIdentity): Promise<void> {
    return this.users.bindExternalId(userId, identity.provider, identity.id);
  }

  private async signUp(identity: ExternalIdentity, aff: string): Promise<UserEntity> {
    for (const username of usernameCandidates(identity.provider, identity.handle)) {
      if (await this.users.usernameTaken(username)) continue;
      try {
        return await this.register(identity, username, aff);
      } catch (error) {
        if (!isAppError(error, 'username_taken')) throw error; // lost a race for the name: next candidate
      }
    }
    throw oauthError('provider_failed', { provider: PROVIDER_LABELS[identity.provider] });
  }

  private async register(identity: ExternalIdentity, username: string, aff: string): Promise<UserEntity> {
    const input = {
      username,
      displayName: identity.displayName,
      affCode: aff || undefined,
      external: { provider: identity.provider, id: identity.id },
    };
    try {
      return await this.users.register({ ...input, email: identity.email });
    } catch (error) {
      if (!identity.email || !isAppError(error, 'email_taken')) throw error;
      return this.users.register(input); // the address belongs to another account: sign up without it
    }
  }
}
