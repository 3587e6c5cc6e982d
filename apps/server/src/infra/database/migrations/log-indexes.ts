// The log table's indexes as migration 1732700000000 leaves them on both dialects, and the ones it replaces. Each
// serves the log pages' order (newest first: created_at DESC, id DESC) after one filter, so a page is read off the
// index and stops at its LIMIT. Kept here rather than read from the entity: a shipped migration must not change
// when the entity does (the schema test holds the two equal).

export const LOG_INDEXES: ReadonlyArray<readonly [string, string]> = [
  // The admin's unfiltered pages, time ranges, stats over a range, deletion and retention by age.
  ['idx_logs_created', '"created_at", "id"'],
  // Every page and stat of a caller's own view (all of them filter by user).
  ['idx_logs_user_created', '"user_id", "created_at", "id"'],
  // The admin's username filter (rows keep the name they were written with).
  ['idx_logs_username_created', '"username", "created_at", "id"'],
  // The admin's model filter, alone or with a time range.
  ['idx_logs_model_created', '"model_name", "created_at", "id"'],
  // The admin's channel filter.
  ['idx_logs_channel_created', '"channel", "created_at", "id"'],
  // The admin's token-name filter.
  ['idx_logs_token_created', '"token_name", "created_at", "id"'],
  // The type filter (its rare types: top-ups, management, errors).
  ['idx_logs_type_created', '"type", "created_at", "id"'],
];

export const OLD_LOG_INDEXES: ReadonlyArray<readonly [string, string]> = [
  ['idx_logs_created_at', '"created_at"'],
  ['idx_logs_type', '"type"'],
  ['idx_logs_username', '"username"'],
  ['idx_logs_user_id', '"user_id"'],
  ['idx_logs_token_name', '"token_name"'],
  ['idx_logs_model_name', '"model_name"'],
  ['idx_logs_channel', '"channel"'],
];
