/** Finished jobs stay readable this long for the console to poll, then go; both drivers keep the same. */
export const FINISHED_JOB_RETENTION = { ageSeconds: 3600, count: 1000 } as const;

/** BullMQ's rules for custom ids, checked by both drivers so embedded mode accepts only what Redis mode does. */
export function assertCustomJobId(jobId: string): void {
  if (jobId === '' || `${parseInt(jobId, 10)}` === jobId || jobId.includes(':')) {
    throw new Error(`job id "${jobId}" must be non-empty, not an integer and without ":"`);
  }
}
