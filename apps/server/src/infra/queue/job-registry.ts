/**
 * Every background job: its queue name and payload. Payloads carry ids only; handlers reload state,
 * are idempotent and record an outcome instead of throwing on "already gone" (DESIGN §5).
 */
export interface JobPayloads {
  'channel-test': { channelId: number | null; model?: string };
  'channel-balance': { channelId: number | null };
  'task-poll': { taskId: number };
  // A notice is a snapshot of an event (a disable reason, the quota left): its text travels rendered, in both languages.
  notify: {
    userId: number;
    type: string;
    title: { en: string; zh: string };
    content: { en: string; zh: string };
    values: Record<string, string | number>;
  };
  dashboard: { hourStart: number };
}

export type JobName = keyof JobPayloads;

export const JOB_NAMES: readonly JobName[] = [
  'channel-test',
  'channel-balance',
  'task-poll',
  'notify',
  'dashboard',
];
