import { toModelSeries } from './quota-series';

describe('toModelSeries', () => {
  it('orders a model’s values by time, keeping each column’s value with its slot', () => {
    expect(
      toModelSeries({
        model_name: 'gpt-4o',
        created_at: '7200,0,3600',
        count: '3,1,2',
        token_used: '30,10,20',
        quota: '300,100,200',
      }),
    ).toEqual({
      model_name: 'gpt-4o',
      created_at: [0, 3600, 7200],
      count: [1, 2, 3],
      token_used: [10, 20, 30],
      quota: [100, 200, 300],
    });
  });

  it('adds up two accounts’ buckets of one hour under a username they both held', () => {
    expect(
      toModelSeries({
        model_name: 'm',
        created_at: '3600,0,3600',
        count: '1,5,2',
        token_used: '4,6,8',
        quota: '9,1,11',
      }),
    ).toEqual({ model_name: 'm', created_at: [0, 3600], count: [5, 3], token_used: [6, 12], quota: [1, 20] });
  });

  it('keeps sums beyond 32 bits exact', () => {
    const series = toModelSeries({
      model_name: 'm',
      created_at: '0',
      count: '1',
      token_used: '9007199254740991',
      quota: '123456789012',
    });
    expect(series.token_used).toEqual([Number.MAX_SAFE_INTEGER]);
    expect(series.quota).toEqual([123_456_789_012]);
  });

  it('answers values already in time order as they are', () => {
    expect(
      toModelSeries({ model_name: 'm', created_at: '0,3600', count: '1,2', token_used: '3,4', quota: '5,6' }),
    ).toEqual({ model_name: 'm', created_at: [0, 3600], count: [1, 2], token_used: [3, 4], quota: [5, 6] });
  });
});
