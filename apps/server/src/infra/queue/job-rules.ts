import { JOB_NAMES, type JobName } from './job-registry';

/** Finished jobs stay readable this long for the console to poll, then go; both drivers keep the same. */
export const FINISHED_JOB_RETENTION = { ageSeconds: 3600, count: 1000 } as const;

/** BullMQ's rules for custom ids, checked by both drivers so embedded mode accepts only what Redis mode does. */
export function assertCustomJobId(jobId: string): void {
  if (jobId === '' || `${parseInt(jobId, 10)}` === jobId || jobId.includes(':')) {
    throw new Error(`job id "${jobId}" must be non-empty, not an integer and without ":"`);
  }
}

/** A second handler for a job is refused where it is registered: one of the two would never run. */
export function assertFirstHandler(name: JobName, handled: boolean): void {
  if (handled) throw new Error(`a handler for "${name}" jobs is already registered`);
}

/** Once handlers are registered: a declared job without one would wait in its queue for ever. */
export function assertJobsHandled(handled: (name: JobName) => boolean): void {
  const missing = JOB_NAMES.filter((name) => !handled(name));
  if (missing.length > 0) {
    throw new Error(`no handler for ${missing.map((name) => `"${name}"`).join(', ')} jobs`);
  }
}
