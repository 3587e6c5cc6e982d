import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  Role,
  type SetupRequest,
  type SetupStatus,
  USERNAME_MAX_LENGTH,
} from '@tollgate/contracts';
import { AppConfig } from '../../infra/config/app-config';
import { nowSeconds } from '../../infra/database/columns';
import { PubSub, type Unsubscribe } from '../../infra/redis/redis.ports';
import { OptionsService } from '../options/options.service';
import { PasswordHasher } from '../users/password-hasher';
import { UsersService } from '../users/users.service';
import { setupError } from './setup.errors';
import { SetupRepository } from './setup.repository';

const SETUP_CHANNEL = 'setup:done';
const ROOT_INITIAL_QUOTA = 100_000_000;

/** The first-run wizard: creates the super administrator and the usage mode, once. */
@Injectable()
export class SetupService implements OnModuleInit, OnModuleDestroy {
  private done = false;
  private running: Promise<void> | null = null;
  private unsubscribe: Unsubscribe | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly repository: SetupRepository,
    private readonly options: OptionsService,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly pubsub: PubSub,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.refresh();
    this.unsubscribe = await this.pubsub.subscribe(SETUP_CHANNEL, () => void this.refresh());
  }

  async onModuleDestroy(): Promise<void> {
    await this.unsubscribe?.();
  }

  isDone(): boolean {
    return this.done;
  }

  async status(): Promise<SetupStatus> {
    return {
      status: this.done,
      root_init: await this.users.rootExists(),
      database_type: this.config.databaseType,
    };
  }

  /** One setup at a time in this process; the setups row and the root check guard the rest. */
  async complete(request: SetupRequest): Promise<void> {
    if (this.running) await this.running.catch(() => undefined);
    this.running = this.run(request);
    try {
      await this.running;
    } finally {
      this.running = null;
    }
  }

  private async run(request: SetupRequest): Promise<void> {
    await this.refresh();
    if (this.done) throw setupError('already_initialised');
    if (!(await this.users.rootExists())) await this.createRoot(request);
    await this.options.update('SelfUseModeEnabled', String(request.SelfUseModeEnabled));
    await this.options.update('DemoSiteEnabled', String(request.DemoSiteEnabled));
    await this.repository.recordSetup(this.config.version, nowSeconds());
    this.done = true;
    await this.pubsub.publish(SETUP_CHANNEL, '1');
  }

  private async createRoot({ username, password, confirmPassword }: SetupRequest): Promise<void> {
    const name = username.trim();
    if (!name) throw setupError('admin_username_required');
    if (name.length > USERNAME_MAX_LENGTH)
      throw setupError('admin_username_too_long', { max: USERNAME_MAX_LENGTH });
    if (password.length < PASSWORD_MIN_LENGTH)
      throw setupError('password_too_short', { min: PASSWORD_MIN_LENGTH });
    if (password.length > PASSWORD_MAX_LENGTH)
      throw setupError('password_too_long', { max: PASSWORD_MAX_LENGTH });
    if (password !== confirmPassword) throw setupError('password_mismatch');
    await this.users.create({
      username: name,
      password: await this.hasher.hash(password),
      role: Role.Root,
      displayName: 'Root User',
      quota: ROOT_INITIAL_QUOTA,
    });
  }

  private async refresh(): Promise<void> {
    this.done = (await this.repository.setupRecorded()) || (await this.users.rootExists());
  }
}
