import { toQueueStatus } from './queue-status';

describe('toQueueStatus', () => {
  it("sums one queue's states and says zero for the states a driver did not list", () => {
    const status = toQueueStatus(
      'notify',
      [
        { name: 'notify', state: 'waiting', count: 2 },
        { name: 'notify', state: 'waiting', count: 3 },
        { name: 'notify', state: 'failed', count: 1 },
        { name: 'task-poll', state: 'waiting', count: 7 },
        { name: 'notify', state: 'completed', count: 9 },
      ],
      false,
    );
    expect(status).toEqual({
      queue: 'notify',
      waiting: 5,
      delayed: 0,
      active: 0,
      failed: 1,
      has_worker: false,
    });
  });
});
