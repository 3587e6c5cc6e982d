import { type OptionSpec, bool, decimal, integer, str, text } from './option-spec';

/** Quota units, grants, invitations, check-in and rebate. */
export const QUOTA_OPTIONS = {
  // Quota units per US$1; a divisor everywhere, so never 0.
  QuotaPerUnit: decimal(500000, { min: 0, minExclusive: true }),
  RetryTimes: integer(0, { min: 0 }),
  QuotaForNewUser: integer(0, { min: 0 }),
  // Reserved when the request gives no max_tokens.
  PreConsumedQuota: integer(500, { min: 0 }),
  QuotaForInviter: integer(0, { min: 0 }),
  QuotaForInvitee: integer(0, { min: 0 }),
  QuotaRemindThreshold: integer(1000, { min: 0 }),
  // Invitations always worked upstream (no switch there); on by default to keep that.
  AffEnabled: bool(true),
  CheckInEnabled: bool(false),
  CheckInQuota: integer(1000, { min: 0, minExclusive: true }),
  // 0 (or ≤ CheckInQuota) means a fixed reward of CheckInQuota.
  CheckInMaxQuota: integer(0, { min: 0 }),
  RebateEnabled: bool(false),
  RebatePercentage: decimal(0, { min: 0, max: 100, rangeIssue: 'rebate_percentage_out_of_range' }),
} satisfies Record<string, OptionSpec>;

const AUTOMATIC_DISABLE_KEYWORDS = [
  'Your credit balance is too low',
  'This organization has been disabled.',
  'You exceeded your current quota',
  'Permission denied',
  'The security token included in the request is invalid',
  'Operation not allowed',
  'Your account is not authorized',
].join('\n');

/** Sensitive words, logging, dashboard export and channel health. */
export const MONITORING_OPTIONS = {
  CheckSensitiveEnabled: bool(true),
  CheckSensitiveOnPromptEnabled: bool(true),
  SensitiveWords: text('test_sensitive'),
  LogConsumeEnabled: bool(true),
  // Prompts and answers are personal data: stored only when an admin opts in.
  LogChatContentEnabled: bool(false),
  LogErrorEnabled: bool(false),
  /** Days log rows are kept; a daily job deletes older ones. 0 = forever. */
  LogRetentionDays: integer(0, { min: 0 }),
  DataExportEnabled: bool(true),
  /** Minutes between dashboard flushes. */
  DataExportInterval: integer(5, { min: 1 }),
  DataExportDefaultTime: str('hour', { oneOf: ['hour', 'day', 'week'] }),
  /** Seconds a channel test may take before the channel is disabled; 0 = never. */
  ChannelDisableThreshold: decimal(5, { min: 0 }),
  AutomaticDisableChannelEnabled: bool(false),
  AutomaticEnableChannelEnabled: bool(false),
  AutomaticDisableKeywords: text(AUTOMATIC_DISABLE_KEYWORDS),
} satisfies Record<string, OptionSpec>;

/** Per-user model request limit on the relay. */
export const RATE_LIMIT_OPTIONS = {
  ModelRequestRateLimitEnabled: bool(false),
  /** All admitted requests per period; 0 = unlimited. */
  ModelRequestRateLimitCount: integer(0, { min: 0 }),
  ModelRequestRateLimitSuccessCount: integer(1000, { min: 1 }),
  ModelRequestRateLimitDurationMinutes: integer(1, { min: 0 }),
} satisfies Record<string, OptionSpec>;
