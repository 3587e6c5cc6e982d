import { CallsAhead } from './calls-ahead';

describe('CallsAhead', () => {
  const balances = new Map<string, number>([
    ['quota:user:1', 1_000],
    ['quota:token:1', 250],
  ]);
  const ahead = () => new CallsAhead((key) => balances.get(key));

  it('lets a call ahead only when every balance seen covers it ten times over', () => {
    expect(ahead().admit(['quota:user:1'], 99)).not.toBeNull();
    expect(ahead().admit(['quota:user:1'], 100)).toBeNull();
    expect(ahead().admit(['quota:user:1', 'quota:token:1'], 30)).toBeNull();
    expect(ahead().admit(['quota:user:2'], 0)).toBeNull();
  });

  it('counts the calls already ahead until their reservations are answered', () => {
    const calls = ahead();
    const first = calls.admit(['quota:user:1'], 60);
    expect(first).not.toBeNull();
    expect(calls.admit(['quota:user:1'], 40)).toBeNull();
    first?.();
    expect(calls.admit(['quota:user:1'], 40)).not.toBeNull();
  });
});
