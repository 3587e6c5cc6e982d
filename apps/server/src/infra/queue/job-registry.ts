/**
 * Every background job: its queue name and payload. Payloads carry ids only; handlers reload state,
 * are idempotent and record an outcome instead of throwing on "already gone" (DESIGN §5). A process that
 * runs workers refuses to boot unless each job here has exactly one handler, so a job is declared with it.
 * The data dashboard has no job: its buckets live in each process's memory, so each process flushes its own
 * (modules/logs/dashboard).
 */
export interface JobPayloads {
  'channel-test': { channelId: number | null; model?: string };
  'channel-balance': { channelId: number | null };
  // A notice is a snapshot of an event (a disable reason, the quota left): its text travels rendered, in both languages.
  notify: {
    userId: number;
    type: string;
    title: { en: string; zh: string };
    content: { en: string; zh: string };
    values: Record<string, string | number>;
  };
  // Marks top-up orders still pending a day after they were made as expired (modules/payments).
  'top-up-expiry': Record<string, never>;
  // Deletes log rows older than LogRetentionDays (read when it runs).
  'log-retention': Record<string, never>;
  // Polls every unfinished async task (modules/tasks); each run claims the tasks it polls.
  'task-poll': Record<string, never>;
}

export type JobName = keyof JobPayloads;

// A record, so a job added to JobPayloads and not here does not compile.
const DECLARED: Record<JobName, true> = {
  'channel-test': true,
  'channel-balance': true,
  notify: true,
  'top-up-expiry': true,
  'log-retention': true,
  'task-poll': true,
};

export const JOB_NAMES = Object.keys(DECLARED) as readonly JobName[];
