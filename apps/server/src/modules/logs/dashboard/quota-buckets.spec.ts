import { ALL_USERS_ID, QuotaBuckets } from './quota-buckets';

const HOUR = 3600;
const consumption = (userId: number, username: string, modelName: string, createdAt: number) => ({
  userId,
  username,
  modelName,
  createdAt,
  tokens: 10,
  quota: 7,
});

describe('QuotaBuckets', () => {
  it('sums per user, model and hour, and per model and hour for all users, taken in key order', () => {
    const buckets = new QuotaBuckets();
    buckets.add(consumption(2, 'bob', 'gpt-4o', 5 * HOUR + 10));
    buckets.add(consumption(1, 'ann', 'gpt-4o', 5 * HOUR + 20));
    buckets.add(consumption(2, 'bob', 'gpt-4o', 5 * HOUR + 3599));
    buckets.add(consumption(2, 'bob', 'claude', 6 * HOUR));
    const row = (userId: number, username: string, modelName: string, hour: number, count: number) => ({
      userId,
      username,
      modelName,
      createdAt: hour * HOUR,
      tokenUsed: 10 * count,
      count,
      quota: 7 * count,
    });
    expect(buckets.take()).toEqual([
      row(ALL_USERS_ID, '', 'gpt-4o', 5, 3),
      row(ALL_USERS_ID, '', 'claude', 6, 1),
      row(1, 'ann', 'gpt-4o', 5, 1),
      row(2, 'bob', 'gpt-4o', 5, 2),
      row(2, 'bob', 'claude', 6, 1),
    ]);
    expect(buckets.take()).toEqual([]);
  });

  it('puts back what a failed flush took, summed with newer consumption whose name wins', () => {
    const buckets = new QuotaBuckets();
    buckets.add(consumption(3, 'old-name', 'gpt-4o', 0));
    const taken = buckets.take();
    buckets.add(consumption(3, 'new-name', 'gpt-4o', 60));
    buckets.restore(taken);
    expect(buckets.take()).toEqual([
      { userId: 0, username: '', modelName: 'gpt-4o', createdAt: 0, tokenUsed: 20, count: 2, quota: 14 },
      {
        userId: 3,
        username: 'new-name',
        modelName: 'gpt-4o',
        createdAt: 0,
        tokenUsed: 20,
        count: 2,
        quota: 14,
      },
    ]);
  });
});
