import { Injectable } from '@nestjs/common';
import { type Caller } from '../../common/decorators/auth.decorators';
import { OptionsService } from '../options/options.service';
import { type UserEntity } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { authError } from './auth.errors';
import { LoginThrottle } from './login-throttle';
import { PasswordHasher } from '../users/password-hasher';
import { SessionService } from './session.service';

export interface LoginResult {
  user: UserEntity;
  sessionToken: string;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly throttle: LoginThrottle,
    private readonly options: OptionsService,
  ) {}

  async login(login: string, password: string, address: string): Promise<LoginResult> {
    if (!login || !password) throw authError('credentials_required');
    if (!this.options.getBoolean('PasswordLoginEnabled')) throw authError('password_login_disabled');
    await this.throttle.assertAllowed(login, address);
    const user = await this.users.findActiveByLogin(login);
    const valid = user !== null && (await this.hasher.verify(user.password, password));
    if (!user || !valid) {
      await this.throttle.recordFailure(login, address);
      throw authError('invalid_credentials');
    }
    if (!this.users.isUsable(user)) throw authError('user_banned');
    await this.throttle.clear(login);
    return { user, sessionToken: await this.sessions.start(user.id) };
  }

  logout(sessionToken: string): Promise<void> {
    return this.sessions.end(sessionToken);
  }

  /** Who is calling, from the session cookie's token or a system access token; null when neither is valid. */
  async callerFromSession(token: string): Promise<Caller | null> {
    const session = await this.sessions.resolve(token);
    if (!session) return null;
    return this.usableCaller(await this.users.findActiveById(session.userId));
  }

  async callerFromAccessToken(accessToken: string): Promise<Caller | null> {
    return this.usableCaller(await this.users.findActiveByAccessToken(accessToken));
  }

  private usableCaller(user: UserEntity | null): Caller | null {
    // A disabled or deleted account loses its sessions at once.
    if (!user || !this.users.isUsable(user)) return null;
    return { id: user.id, role: user.role, username: user.username };
  }
}
