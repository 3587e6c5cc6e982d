import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKENDS, startTestApp, type TestApp } from './support/test-app';

describe.each(BACKENDS)('health probes (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  it('answers liveness and readiness without a session', async () => {
    expect((await t.http().get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await t.http().get('/readyz')).body).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const response = await t.http().get('/api/nothing-here').set('Accept-Language', 'en');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: 'Invalid URL (GET /api/nothing-here)' });
  });

  it('answers malformed JSON with a clear error', async () => {
    const response = await t
      .http()
      .post('/api/setup')
      .set('Content-Type', 'application/json')
      .send('{"username":');
    expect(response.body.success).toBe(false);
    expect(response.body.message).toBeTruthy();
  });

  // A cross-site HTML form could otherwise sign the visitor's browser in to an attacker's account.
  it('refuses a form body everywhere but the payment callback', async () => {
    await t.setupRoot();
    const login = await t
      .http()
      .post('/api/user/login')
      .set('Accept-Language', 'en')
      .type('form')
      .send({ username: 'root', password: 'root-pass-123' });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      success: false,
      message: 'Invalid input: send the body as JSON (application/json)',
    });
    expect(login.headers['set-cookie']).toBeUndefined();
    const asJson = await t
      .http()
      .post('/api/user/login')
      .send({ username: 'root', password: 'root-pass-123' });
    expect(asJson.body.success).toBe(true);
    // The callback reads the form (online top-up is not configured here, so it answers easy-pay's "fail").
    const callback = await t.http().post('/api/user/epay/notify').type('form').send({ out_trade_no: 'x' });
    expect(callback.status).toBe(200);
    expect(callback.text).toBe('fail');
  });
});

describe('console files', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'tollgate-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root">console</div>');
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await startTestApp('embedded', { webDistDir: dist });
  });
  afterAll(() => t.close());

  it('serves index.html for console routes, assets with a long cache, and never the page for API paths', async () => {
    for (const path of ['/', '/login', '/admin/settings?tab=system', '/no/such/page']) {
      const page = await t.http().get(path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('console');
    }
    const asset = await t.http().get('/assets/app-1234.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const path of ['/api/unknown', '/v1/unknown', '/pg/unknown', '/mj/unknown', '/suno/unknown']) {
      const response = await t.http().get(path);
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('console');
    }
    expect((await t.http().get('/api/status')).body.success).toBe(true);
  });
});
