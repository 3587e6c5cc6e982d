import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config/app-config';

const load = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'tollgate-metrics-config-')), ...env }, '0.0.0-test');

describe('metrics configuration', () => {
  it('is off unless METRICS_PORT is set, and listens on the loopback address by default', () => {
    expect(load({}).metrics).toEqual({ port: null, host: '127.0.0.1' });
    expect(load({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(load({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics.host).toBe('0.0.0.0');
  });

  it('refuses a bad port, and the public port', () => {
    expect(() => load({ METRICS_PORT: 'x' })).toThrow(
      new ConfigError('METRICS_PORT must be 1-65535, got "x"'),
    );
    expect(() => load({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => load({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT must differ from PORT/);
    const worker = { APP_ROLE: 'worker', REDIS_URL: 'redis://127.0.0.1:6379', HEALTH_PORT: '9000' };
    expect(() => load({ ...worker, METRICS_PORT: '9000' })).toThrow(
      /METRICS_PORT must differ from PORT and HEALTH_PORT/,
    );
    expect(load({ ...worker, METRICS_PORT: '9001' }).metrics.port).toBe(9001);
  });
});
