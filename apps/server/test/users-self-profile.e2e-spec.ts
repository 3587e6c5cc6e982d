import { DEFAULT_USER_SETTING, Role, USER_ID_HEADER } from '@tollgate/contracts';
import { BACKENDS } from './support/test-app';
import { type OwnAccountApp, startOwnAccountApp } from './support/users-app';

describe.each(BACKENDS)('own account (%s)', (backend) => {
  let t: OwnAccountApp;

  beforeAll(async () => {
    t = await startOwnAccountApp(backend);
  });
  afterAll(() => t.close());

  it('refuses anonymous callers on every call', async () => {
    const calls = [
      t.http().get('/api/user/self'),
      t.http().put('/api/user/self').send({ display_name: 'x' }),
      t.http().delete('/api/user/self').send({}),
      t.http().get('/api/user/token'),
      t.http().put('/api/user/setting').send({ notify_type: 'email' }),
      t.http().get('/api/user/aff'),
      t.http().post('/api/user/aff_transfer').send({ quota: 500000 }),
      t.http().get('/api/user/check_in_status'),
      t.http().post('/api/user/check_in'),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
  });

  describe('profile', () => {
    it('answers the own row without secrets, the setting as a JSON string', async () => {
      const user = await t.freshUser();
      const data = await t.self(user);
      expect(data).toMatchObject({ id: user.id, username: user.username, role: 1, status: 1, setting: '' });
      expect(data).toMatchObject({ has_password: true, DeletedAt: null, group: 'default' });
      expect(data).not.toHaveProperty('password');
      expect(data).not.toHaveProperty('access_token');
    });

    it('changes the display name; role, quota, group, status and username are ignored', async () => {
      const user = await t.freshUser();
      const response = await t.as(user).put('/api/user/self', {
        display_name: '新名字',
        role: Role.Root,
        quota: 10 ** 9,
        group: 'vip',
        status: 2,
        username: 'hijack',
        aff_quota: 5,
      });
      expect(response.body.success).toBe(true);
      const after = await t.self(user);
      expect(after).toMatchObject({ display_name: '新名字', role: 1, quota: 0, group: 'default', status: 1 });
      expect(after).toMatchObject({ username: user.username, aff_quota: 0 });
      await t.as(user).get('/api/user/').expect(403); // still not an admin
    });

    it('changes the password only with the original one', async () => {
      const user = await t.freshUser();
      const wrong = await t.as(user).put('/api/user/self', {
        password: 'new-pass-123',
        original_password: 'nope-nope',
      });
      expect(wrong.body).toEqual({ success: false, message: '原密码错误' });
      const missing = await t.as(user).put('/api/user/self', { password: 'new-pass-123' });
      expect(missing.body).toEqual({ success: false, message: '原密码错误' });
      await t.signIn(user.username, 'self-pass-12');
      const ok = await t.as(user).put('/api/user/self', {
        password: 'new-pass-123',
        original_password: 'self-pass-12',
      });
      expect(ok.body.success).toBe(true);
      await t.signIn(user.username, 'new-pass-123');
    });

    it.each([
      [{ password: 'short', original_password: 'self-pass-12' }, '密码长度不得小于 8 位！'],
      [{ password: 'x'.repeat(21), original_password: 'self-pass-12' }, '密码长度不得超过 20 位'],
      [{ display_name: 'd'.repeat(21) }, '显示名称不能超过 20 个字符'],
      [{ display_name: 42 }, 'display_name 必须是字符串'],
    ])('refuses %j and changes nothing', async (body, message) => {
      const user = await t.freshUser();
      const before = await t.self(user);
      expect((await t.as(user).put('/api/user/self', body)).body).toEqual({ success: false, message });
      expect(await t.self(user)).toEqual(before);
      await t.signIn(user.username, 'self-pass-12');
    });
  });

  describe('setting', () => {
    it('stores a checked setting and serves it back as a JSON string', async () => {
      const user = await t.freshUser();
      const response = await t.as(user).put('/api/user/setting', {
        notify_type: 'webhook',
        quota_warning_threshold: 100000,
        webhook_url: 'https://hooks.example.com/tollgate',
        webhook_secret: 'sig-secret',
        notification_email: 'me@example.com',
        accept_unset_model_ratio_model: true,
        role: Role.Root,
      });
      const expected = {
        notify_type: 'webhook',
        quota_warning_threshold: 100000,
        webhook_url: 'https://hooks.example.com/tollgate',
        webhook_secret: 'sig-secret',
        notification_email: 'me@example.com',
        accept_unset_model_ratio_model: true,
      };
      expect(response.body).toEqual({ success: true, message: '', data: expected });
      const stored = await t.self(user);
      expect(JSON.parse(stored.setting as string)).toEqual(expected);
      expect(stored.role).toBe(1);
      const partial = await t.as(user).put('/api/user/setting', { notify_type: 'email' });
      expect(partial.body.data).toEqual({ ...expected, notify_type: 'email' });
    });

    it.each([
      [{ notify_type: 'sms' }, '通知方式只能是 email 或 webhook'],
      [{ quota_warning_threshold: -1 }, '额度预警阈值必须是不小于 0 的整数'],
      [{ quota_warning_threshold: '100' }, 'quota_warning_threshold 必须是整数'],
      [{ notify_type: 'webhook' }, 'Webhook 地址不能为空'],
      [
        { notify_type: 'webhook', webhook_url: 'http://hooks.example.com/' },
        'Webhook 地址必须以 https:// 开头',
      ],
      [{ webhook_url: 'https://localhost/hook' }, 'Webhook 地址不能指向内网、本机或链路本地地址'],
      [{ webhook_url: 'https://127.0.0.1:8443/' }, 'Webhook 地址不能指向内网、本机或链路本地地址'],
      [{ webhook_url: 'https://192.168.0.10/' }, 'Webhook 地址不能指向内网、本机或链路本地地址'],
      [{ webhook_url: 'https://169.254.169.254/' }, 'Webhook 地址不能指向内网、本机或链路本地地址'],
      [{ webhook_url: 'https://[::1]/' }, 'Webhook 地址不能指向内网、本机或链路本地地址'],
      [{ webhook_url: 'https://2130706433/' }, 'Webhook 地址不能指向内网、本机或链路本地地址'],
      [{ notification_email: 'nope' }, '通知邮箱格式不正确'],
      [{ accept_unset_model_ratio_model: 'yes' }, 'accept_unset_model_ratio_model 必须是布尔值'],
    ])('refuses %j and keeps the stored setting', async (body, message) => {
      const user = await t.freshUser();
      await t.as(user).put('/api/user/setting', { quota_warning_threshold: 7 }).expect(200);
      const before = (await t.self(user)).setting;
      expect((await t.as(user).put('/api/user/setting', body)).body).toEqual({ success: false, message });
      expect((await t.self(user)).setting).toBe(before);
      expect(JSON.parse(before as string)).toEqual({ ...DEFAULT_USER_SETTING, quota_warning_threshold: 7 });
    });
  });

  describe('system access token', () => {
    it('issues a new token each time that works on /api with the user-id header', async () => {
      const user = await t.freshUser();
      const first = (await t.as(user).get('/api/user/token').expect(200)).body.data as string;
      expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const withToken = (token: string, id = user.id) =>
        t
          .http()
          .get('/api/user/self')
          .set({ Authorization: token, [USER_ID_HEADER]: String(id) });
      expect((await withToken(first).expect(200)).body.data.id).toBe(user.id);
      expect((await withToken(`Bearer ${first}`)).status).toBe(200);
      expect((await t.http().get('/api/user/self').set({ Authorization: first })).status).toBe(401);
      expect((await withToken(first, t.root.id)).status).toBe(401);
      const second = (await t.as(user).get('/api/user/token').expect(200)).body.data as string;
      expect(second).not.toBe(first);
      expect((await withToken(first)).status).toBe(401);
      expect((await withToken(second)).status).toBe(200);
    });
  });
});
