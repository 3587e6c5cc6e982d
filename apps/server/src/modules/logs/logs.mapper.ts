import { LOG_ADMIN_ONLY_OTHER_FIELDS, type LogItem, type LogOther, type LogType } from '@tollgate/contracts';
import { type StoredLogRow } from './log-queries';

/** `other` is stored as JSON text; rows written without one (top-ups, management …) hold '' or '{}'. */
function parseOther(text: string): LogOther {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function baseItem(row: StoredLogRow): LogItem {
  return {
    id: Number(row.id),
    created_at: Number(row.created_at),
    type: row.type as LogType,
    content: row.content,
    username: row.username,
    user_id: row.user_id,
    token_name: row.token_name,
    token_id: row.token_id,
    model_name: row.model_name,
    group: row.group,
    // PostgreSQL answers a boolean, SQLite 0 or 1.
    is_stream: Boolean(row.is_stream),
    use_time: row.use_time,
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
    quota: Number(row.quota),
    ip: row.ip,
    other: parseOther(row.other),
  };
}

/** A row on the administrator's view: with the channel's id and current name ('' when gone or none). */
export function toAdminLogItem(row: StoredLogRow): LogItem {
  return { ...baseItem(row), channel: row.channel, channel_name: row.channel_name ?? '' };
}

/** A row on its owner's view: nothing says which channel served it (reference §3.6). */
export function toOwnLogItem(row: StoredLogRow): LogItem {
  const item = baseItem(row);
  for (const field of LOG_ADMIN_ONLY_OTHER_FIELDS) delete item.other[field];
  return item;
}
