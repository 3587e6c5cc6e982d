import { endsEvent, keepAliveFor, SseKeepAlive } from './keep-alive';

describe('SSE keep-alive', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('pings after each interval of silence, and not while pieces keep coming', () => {
    const ping = jest.fn();
    const keepAlive = new SseKeepAlive(ping, 1000);
    jest.advanceTimersByTime(999);
    expect(ping).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(ping).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(2000);
    expect(ping).toHaveBeenCalledTimes(3);
    for (let i = 0; i < 5; i++) {
      jest.advanceTimersByTime(900);
      keepAlive.wrote('data: {}\n\n');
    }
    expect(ping).toHaveBeenCalledTimes(3);
    keepAlive.stop();
  });

  it('never pings inside an event, and an empty piece is no sign of life', () => {
    const ping = jest.fn();
    const keepAlive = new SseKeepAlive(ping, 1000);
    keepAlive.wrote(Buffer.from('data: {"half":'));
    jest.advanceTimersByTime(3000);
    expect(ping).not.toHaveBeenCalled();
    keepAlive.wrote('true}\r\n\r\n');
    keepAlive.wrote('');
    jest.advanceTimersByTime(1000);
    expect(ping).toHaveBeenCalledTimes(1);
    keepAlive.stop();
  });

  it('stops for good once stopped', () => {
    const ping = jest.fn();
    const keepAlive = new SseKeepAlive(ping, 1000);
    keepAlive.stop();
    jest.advanceTimersByTime(10_000);
    expect(ping).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('tells event ends in strings and buffers', () => {
    expect(endsEvent('data: a\n\n')).toBe(true);
    expect(endsEvent(Buffer.from('data: a\r\n\r\n'))).toBe(true);
    expect(endsEvent('data: a\n')).toBe(false);
    expect(endsEvent(Buffer.from('\n'))).toBe(false);
    expect(endsEvent('')).toBe(false);
  });

  it('is off unless the option is on, at least one second apart when on', () => {
    const values: Record<string, string> = {
      'general_setting.ping_interval_enabled': 'false',
      'general_setting.ping_interval_seconds': '0',
    };
    const options = {
      get: (key: string) => values[key] ?? '',
      getBoolean: (key: string) => values[key] === 'true',
      getNumber: (key: string) => Number(values[key]),
      getJson: <T>(key: string) => JSON.parse(values[key]) as T,
    };
    const reply = { ping: jest.fn() };
    expect(keepAliveFor(options, reply)).toBeNull();
    expect(jest.getTimerCount()).toBe(0);
    values['general_setting.ping_interval_enabled'] = 'true';
    const keepAlive = keepAliveFor(options, reply);
    jest.advanceTimersByTime(1000);
    expect(reply.ping).toHaveBeenCalledTimes(1);
    keepAlive?.stop();
  });
});
