import { BACKENDS, startTestApp, type TestApp } from './support/test-app';

describe.each(BACKENDS)('setup wizard (%s)', (backend) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await startTestApp(backend);
  });
  afterEach(() => t.close());

  const submit = (body: Record<string, unknown>, lang = 'zh-CN') =>
    t.http().post('/api/setup').set('Accept-Language', lang).send(body);
  const setupStatus = async () =>
    (await t.http().get('/api/setup')).body as { data: Record<string, unknown> };

  it('reports an uninitialised system with its database type', async () => {
    expect((await setupStatus()).data).toEqual({
      status: false,
      root_init: false,
      database_type: backend === 'full' ? 'postgres' : 'sqlite',
    });
    expect((await t.http().get('/api/status')).body.data.setup).toBe(false);
  });

  it.each([
    [
      { username: '  ', password: 'long-enough', confirmPassword: 'long-enough' },
      '请输入管理员用户名',
      'Please enter the administrator username',
    ],
    [
      { username: 'root', password: 'short', confirmPassword: 'short' },
      '密码长度至少为8个字符',
      'The password must be at least 8 characters',
    ],
    [
      { username: 'root', password: 'long-enough', confirmPassword: 'different1' },
      '两次输入的密码不一致',
      'The two passwords do not match',
    ],
  ])('refuses %j with the spec message and changes nothing', async (body, zh, en) => {
    expect((await submit(body)).body).toEqual({ success: false, message: zh });
    expect((await submit(body, 'en-US,en;q=0.9')).body).toEqual({ success: false, message: en });
    expect((await setupStatus()).data).toMatchObject({ status: false, root_init: false });
  });

  it('refuses other writes before setup with a clear message', async () => {
    const response = await t
      .http()
      .put('/api/option/')
      .set('Accept-Language', 'en')
      .send({ key: 'Notice', value: 'x' });
    expect(response.body).toEqual({
      success: false,
      message: 'The system is not initialised yet, please complete the setup first',
    });
    const relayed = await t
      .http()
      .post('/v1/chat/completions')
      .set('Accept-Language', 'en')
      .send({ model: 'gpt-4o', messages: [] });
    expect(relayed.status).toBe(400);
    expect(relayed.body.error.message).toMatch(/^The system is not initialised yet/);
  });

  it('creates the super administrator, stores the usage mode and then refuses to run again', async () => {
    const ok = await submit({
      username: ' admin ',
      password: 'admin-pass-1',
      confirmPassword: 'admin-pass-1',
      SelfUseModeEnabled: true,
      DemoSiteEnabled: false,
    });
    expect(ok.body).toEqual({ success: true, message: '' });
    expect((await setupStatus()).data).toMatchObject({ status: true, root_init: true });

    const status = (await t.http().get('/api/status')).body.data as Record<string, unknown>;
    expect(status).toMatchObject({ setup: true, self_use_mode_enabled: true, demo_site_enabled: false });

    const root = await t.signIn('admin', 'admin-pass-1');
    const self = await t.http().get('/api/user/self').set(root.headers);
    expect(self.body.data).toMatchObject({
      username: 'admin',
      role: 100,
      status: 1,
      quota: 100000000,
      display_name: 'Root User',
    });

    const again = await submit(
      { username: 'other', password: 'other-pass-1', confirmPassword: 'other-pass-1' },
      'en',
    );
    expect(again.body).toEqual({ success: false, message: 'The system has already been initialised' });
    expect(
      (await t.http().post('/api/user/login').send({ username: 'other', password: 'other-pass-1' })).body
        .success,
    ).toBe(false);
  });
});
