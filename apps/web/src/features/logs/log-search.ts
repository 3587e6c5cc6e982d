import { LogType, type AdminLogFilters } from '@tollgate/contracts';

/** The filters of the log screen as the paged list keeps them: text, '' when not set. */
export interface LogSearch {
  type: string;
  token_name: string;
  model_name: string;
  group: string;
  start_timestamp: string;
  end_timestamp: string;
  /** Administrators only. */
  username: string;
  channel: string;
}

const HOUR = 3600;
const DEFAULT_DAYS = 3;

/**
 * Spec 001 §9: the usage log view shows the last 3 days. The range starts at midnight two days ago and ends an
 * hour ahead, so calls made while the page stays open still fall inside it.
 */
export function defaultLogRange(now = new Date()): { start: number; end: number } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (DEFAULT_DAYS - 1));
  return { start: Math.floor(start.getTime() / 1000), end: Math.floor(now.getTime() / 1000) + HOUR };
}

export function defaultLogSearch(): LogSearch {
  const { start, end } = defaultLogRange();
  return {
    type: String(LogType.Unknown),
    token_name: '',
    model_name: '',
    group: '',
    start_timestamp: String(start),
    end_timestamp: String(end),
    username: '',
    channel: '',
  };
}

const numberOrUndefined = (text: string): number | undefined => (text === '' ? undefined : Number(text));
const textOrUndefined = (text: string): string | undefined => (text === '' ? undefined : text);

/** The wire filters of a search; unset terms are left out of the query, type 0 means every type. */
export function logFilters(search: LogSearch, admin: boolean): AdminLogFilters {
  const type = Number(search.type) as LogType;
  return {
    type: type === LogType.Unknown ? undefined : type,
    token_name: textOrUndefined(search.token_name),
    model_name: textOrUndefined(search.model_name),
    group: textOrUndefined(search.group),
    start_timestamp: numberOrUndefined(search.start_timestamp),
    end_timestamp: numberOrUndefined(search.end_timestamp),
    ...(admin
      ? { username: textOrUndefined(search.username), channel: numberOrUndefined(search.channel) }
      : {}),
  };
}
