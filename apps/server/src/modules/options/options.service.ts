import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  defaultOptionValues,
  isSecretOption,
  type OptionKey,
  type OptionListEntry,
  validateOption,
} from '@tollgate/contracts';
import { PubSub, type Unsubscribe } from '../../infra/redis/redis.ports';
import { optionError } from './options.errors';
import { OptionsRepository } from './options.repository';

const CHANGED_CHANNEL = 'options:changed';

/**
 * Options are read from memory on every request; the database is the source of truth.
 * A change is published so every replica reloads at once.
 */
@Injectable()
export class OptionsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(OptionsService.name);
  private values: Record<string, string> = defaultOptionValues();
  private unsubscribe: Unsubscribe | undefined;
  /** Counts writes made by this replica, so a reload that raced one of them is redone. */
  private localWrites = 0;

  constructor(
    private readonly repository: OptionsRepository,
    private readonly pubsub: PubSub,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
    this.unsubscribe = await this.pubsub.subscribe(CHANGED_CHANNEL, () => {
      this.reload().catch((error: unknown) => this.logger.error(`option reload failed: ${String(error)}`));
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.unsubscribe?.();
  }

  get(key: OptionKey): string {
    return this.values[key] ?? '';
  }

  getBoolean(key: OptionKey): boolean {
    return this.get(key) === 'true';
  }

  getNumber(key: OptionKey): number {
    const value = Number(this.get(key));
    return Number.isFinite(value) ? value : 0;
  }

  /** Parsed JSON of a JSON option; the stored value was validated when written. */
  getJson<T>(key: OptionKey): T {
    return JSON.parse(this.get(key)) as T;
  }

  /**
   * Every option for the admin panel. Secrets are write-only: their entry says only whether one is set,
   * so the form can show it without the value ever leaving the server.
   */
  listForAdmin(): OptionListEntry[] {
    return Object.entries(this.values).map(([key, value]) =>
      isSecretOption(key) ? { key, value: '', secret: true, set: value !== '' } : { key, value },
    );
  }

  /** Validates against the current values; a refused write changes nothing. */
  async update(key: string, value: string): Promise<void> {
    const issue = validateOption(key, value, this.values);
    if (issue) throw optionError(issue);
    await this.repository.upsert(key, value);
    this.values = { ...this.values, [key]: value };
    this.localWrites += 1;
    await this.pubsub.publish(CHANGED_CHANNEL, key);
  }

  resetToDefault(key: OptionKey): Promise<void> {
    return this.update(key, defaultOptionValues()[key]);
  }

  /**
   * Re-reads every option. A read that overlapped a write made here may have seen the row before that
   * write committed, so it is read again rather than allowed to put the older value back.
   */
  private async reload(): Promise<void> {
    for (;;) {
      const writesBefore = this.localWrites;
      const stored = await this.repository.findAll();
      if (writesBefore !== this.localWrites) continue;
      this.values = { ...defaultOptionValues(), ...Object.fromEntries(stored) };
      return;
    }
  }
}
