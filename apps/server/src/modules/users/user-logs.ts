import { Injectable } from '@nestjs/common';
import { type LogType } from '@tollgate/contracts';
import { formatText, type LocalisedText, type Locale } from '../../common/i18n/locale';
import { LogsService } from '../logs/logs.service';
import { OptionsService } from '../options/options.service';

export interface UserLogLine {
  type: LogType;
  user: { id: number; username: string };
  text: LocalisedText;
  /** Quota the event moved; `{amount}` in the text shows it as the console would. */
  quota: number;
  params?: Record<string, string | number>;
  other?: Record<string, unknown>;
  locale: Locale;
}

/** The users module's log lines (sign-up bonuses, transfers, check-ins, admin quota changes). */
@Injectable()
export class UserLogs {
  constructor(
    private readonly logs: LogsService,
    private readonly options: OptionsService,
  ) {}

  /** Dollars with up to six decimals (a check-in is often a fraction of a cent), or raw quota. */
  amount(quota: number): string {
    if (!this.options.getBoolean('DisplayInCurrencyEnabled')) return String(quota);
    const dollars = Number((Math.abs(quota) / this.options.getNumber('QuotaPerUnit')).toFixed(6));
    return `${quota < 0 ? '-' : ''}$${dollars}`;
  }

  record(line: UserLogLine): Promise<void> {
    return this.logs.record({
      type: line.type,
      userId: line.user.id,
      username: line.user.username,
      quota: line.quota,
      content: formatText(line.text[line.locale], { amount: this.amount(line.quota), ...line.params }),
      other: line.other ? JSON.stringify(line.other) : '',
    });
  }
}
