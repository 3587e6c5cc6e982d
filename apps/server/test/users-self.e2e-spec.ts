import { DEFAULT_USER_SETTING, LogType, Role, USER_ID_HEADER } from '@tollgate/contracts';
import { DataSource } from 'typeorm';
import { LogEntity } from '../src/modules/logs/log.entity';
import { UserEntity } from '../src/modules/users/user.entity';
import { UsersRepository } from '../src/modules/users/users.repository';
import { UsersService } from '../src/modules/users/users.service';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

type Json = Record<string, unknown>;

describe.each(BACKENDS)('own account (%s)', (backend) => {
  let t: TestApp;
  let root: SignedIn;
  let serial = 0;

  beforeAll(async () => {
    t = await startTestApp(backend);
    root = await t.setupRoot('root', 'root-pass-123');
  });
  afterAll(() => t.close());

  /** A fresh signed-in user for tests that change it. */
  const freshUser = async (role: number = Role.Common) => {
    serial += 1;
    const username = `self${serial}`;
    await t.createUser(username, 'self-pass-12', role);
    return { ...(await t.signIn(username, 'self-pass-12')), username };
  };
  const as = (who: { headers: Record<string, string> }, lang = 'zh-CN') => ({
    get: (path: string) => t.http().get(path).set(who.headers).set('Accept-Language', lang),
    post: (path: string, body: object = {}) =>
      t.http().post(path).set(who.headers).set('Accept-Language', lang).send(body),
    put: (path: string, body: object) =>
      t.http().put(path).set(who.headers).set('Accept-Language', lang).send(body),
    delete: (path: string, body: object = {}) =>
      t.http().delete(path).set(who.headers).set('Accept-Language', lang).send(body),
  });
  const self = async (who: SignedIn): Promise<Json> =>
    (await as(who).get('/api/user/self').expect(200)).body.data as Json;
  const setOption = (key: string, value: string) => as(root).put('/api/option/', { key, value }).expect(200);
  const logsOf = (userId: number) =>
    t.app
      .get(DataSource)
      .getRepository(LogEntity)
      .find({ where: { userId }, order: { id: 'ASC' } });
  // Invite earnings and check-in times have no admin call to set them; tests write the row directly.
  const setRow = (userId: number, changes: Partial<UserEntity>) =>
    t.app.get(DataSource).getRepository(UserEntity).update({ id: userId }, changes);

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
      const user = await freshUser();
      const data = await self(user);
      expect(data).toMatchObject({ id: user.id, username: user.username, role: 1, status: 1, setting: '' });
      expect(data).toMatchObject({ has_password: true, DeletedAt: null, group: 'default' });
      expect(data).not.toHaveProperty('password');
      expect(data).not.toHaveProperty('access_token');
    });

    it('changes the display name; role, quota, group, status and username are ignored', async () => {
      const user = await freshUser();
      const response = await as(user).put('/api/user/self', {
        display_name: '新名字',
        role: Role.Root,
        quota: 10 ** 9,
        group: 'vip',
        status: 2,
        username: 'hijack',
        aff_quota: 5,
      });
      expect(response.body.success).toBe(true);
      const after = await self(user);
      expect(after).toMatchObject({ display_name: '新名字', role: 1, quota: 0, group: 'default', status: 1 });
      expect(after).toMatchObject({ username: user.username, aff_quota: 0 });
      await as(user).get('/api/user/').expect(403); // still not an admin
    });

    it('changes the password only with the original one', async () => {
      const user = await freshUser();
      const wrong = await as(user).put('/api/user/self', {
        password: 'new-pass-123',
        original_password: 'nope-nope',
      });
      expect(wrong.body).toEqual({ success: false, message: '原密码错误' });
      const missing = await as(user).put('/api/user/self', { password: 'new-pass-123' });
      expect(missing.body).toEqual({ success: false, message: '原密码错误' });
      await t.signIn(user.username, 'self-pass-12');
      const ok = await as(user).put('/api/user/self', {
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
      const user = await freshUser();
      const before = await self(user);
      expect((await as(user).put('/api/user/self', body)).body).toEqual({ success: false, message });
      expect(await self(user)).toEqual(before);
      await t.signIn(user.username, 'self-pass-12');
    });
  });

  describe('setting', () => {
    it('stores a checked setting and serves it back as a JSON string', async () => {
      const user = await freshUser();
      const response = await as(user).put('/api/user/setting', {
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
      const stored = await self(user);
      expect(JSON.parse(stored.setting as string)).toEqual(expected);
      expect(stored.role).toBe(1);
      const partial = await as(user).put('/api/user/setting', { notify_type: 'email' });
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
      const user = await freshUser();
      await as(user).put('/api/user/setting', { quota_warning_threshold: 7 }).expect(200);
      const before = (await self(user)).setting;
      expect((await as(user).put('/api/user/setting', body)).body).toEqual({ success: false, message });
      expect((await self(user)).setting).toBe(before);
      expect(JSON.parse(before as string)).toEqual({ ...DEFAULT_USER_SETTING, quota_warning_threshold: 7 });
    });
  });

  describe('system access token', () => {
    it('issues a new token each time that works on /api with the user-id header', async () => {
      const user = await freshUser();
      const first = (await as(user).get('/api/user/token').expect(200)).body.data as string;
      expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const withToken = (token: string, id = user.id) =>
        t
          .http()
          .get('/api/user/self')
          .set({ Authorization: token, [USER_ID_HEADER]: String(id) });
      expect((await withToken(first).expect(200)).body.data.id).toBe(user.id);
      expect((await withToken(`Bearer ${first}`)).status).toBe(200);
      expect((await t.http().get('/api/user/self').set({ Authorization: first })).status).toBe(401);
      expect((await withToken(first, root.id)).status).toBe(401);
      const second = (await as(user).get('/api/user/token').expect(200)).body.data as string;
      expect(second).not.toBe(first);
      expect((await withToken(first)).status).toBe(401);
      expect((await withToken(second)).status).toBe(200);
    });
  });

  describe('invitation', () => {
    it('creates a four-character invite code once', async () => {
      const user = await freshUser();
      const code = (await as(user).get('/api/user/aff').expect(200)).body.data as string;
      expect(code).toMatch(/^[0-9a-zA-Z]{4}$/);
      expect((await as(user).get('/api/user/aff')).body.data).toBe(code);
      expect((await self(user)).aff_code).toBe(code);
    });

    it('rewards invitee and inviter on registration with the code', async () => {
      const inviter = await freshUser();
      const code = (await as(inviter).get('/api/user/aff')).body.data as string;
      await setOption('QuotaForNewUser', '100');
      await setOption('QuotaForInvitee', '20');
      await setOption('QuotaForInviter', '7');
      try {
        const invitee = await t.app
          .get(UsersService)
          .register({ username: 'invitee1', password: 'invitee-pw-1', affCode: code });
        expect(invitee).toMatchObject({ quota: 120, inviterId: inviter.id });
        expect(await self(inviter)).toMatchObject({
          aff_count: 1,
          aff_quota: 7,
          aff_history_quota: 7,
          quota: 0,
        });
        const ignored = await t.app
          .get(UsersService)
          .register({ username: 'invitee2', password: 'invitee-pw-2', affCode: 'zzzzzzz' });
        expect(ignored).toMatchObject({ quota: 100, inviterId: 0 });
        expect((await logsOf(invitee.id)).map((log) => [log.type, log.quota])).toEqual([
          [LogType.System, 100],
          [LogType.System, 20],
        ]);
        expect((await logsOf(inviter.id)).map((log) => [log.type, log.quota])).toEqual([[LogType.System, 7]]);
      } finally {
        for (const key of ['QuotaForNewUser', 'QuotaForInvitee', 'QuotaForInviter'])
          await setOption(key, '0');
      }
    });

    it('transfers invite earnings of at least one unit into the balance', async () => {
      const user = await freshUser();
      await setRow(user.id, { affQuota: 1_200_000 });
      const below = await as(user).post('/api/user/aff_transfer', { quota: 499_999 });
      expect(below.body).toEqual({ success: false, message: '转移额度最小为 $1！' });
      const tooMuch = await as(user).post('/api/user/aff_transfer', { quota: 1_200_001 });
      expect(tooMuch.body).toEqual({ success: false, message: '邀请额度不足！' });
      const notInteger = await as(user).post('/api/user/aff_transfer', { quota: '600000' });
      expect(notInteger.body).toEqual({ success: false, message: 'quota 必须是整数' });
      expect(await self(user)).toMatchObject({ aff_quota: 1_200_000, quota: 0 });
      const ok = await as(user, 'en').post('/api/user/aff_transfer', { quota: 700_000 });
      expect(ok.body).toEqual({ success: true, message: '' });
      expect(await self(user)).toMatchObject({ aff_quota: 500_000, quota: 700_000 });
      expect((await logsOf(user.id)).map((log) => [log.type, log.quota, log.content])).toEqual([
        [LogType.System, 700_000, 'Transferred $1.4 of invitation quota into the balance'],
      ]);
    });

    it('never double-credits parallel transfers', async () => {
      const user = await freshUser();
      await setRow(user.id, { affQuota: 1_500_000 });
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => as(user).post('/api/user/aff_transfer', { quota: 500_000 })),
      );
      expect(answers.filter((answer) => answer.body.success)).toHaveLength(3);
      expect(await self(user)).toMatchObject({ aff_quota: 0, quota: 1_500_000 });
    });
  });

  describe('daily check-in', () => {
    afterEach(async () => {
      await setOption('CheckInEnabled', 'false');
      await setOption('CheckInMaxQuota', '0');
      await setOption('CheckInQuota', '1000');
    });

    it('is closed while CheckInEnabled is off', async () => {
      const user = await freshUser();
      expect((await as(user).get('/api/user/check_in_status')).body.data).toEqual({ can_check_in: false });
      expect((await as(user).post('/api/user/check_in')).body).toEqual({
        success: false,
        message: '签到功能未启用',
      });
      expect((await self(user)).quota).toBe(0);
    });

    it('credits a random reward once per UTC day and logs it', async () => {
      await setOption('CheckInEnabled', 'true');
      await setOption('CheckInQuota', '100');
      await setOption('CheckInMaxQuota', '200');
      const user = await freshUser();
      expect((await as(user).get('/api/user/check_in_status')).body.data).toEqual({ can_check_in: true });
      const first = await as(user, 'en').post('/api/user/check_in');
      expect(first.body.success).toBe(true);
      const reward = first.body.data.quota as number;
      expect(Number.isInteger(reward) && reward >= 100 && reward <= 200).toBe(true);
      const again = await as(user).post('/api/user/check_in');
      expect(again.body).toEqual({ success: false, message: '今日已签到' });
      expect((await as(user).get('/api/user/check_in_status')).body.data).toEqual({ can_check_in: false });
      expect((await self(user)).quota).toBe(reward);
      const logs = await logsOf(user.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ type: LogType.CheckIn, quota: reward, username: user.username });
      expect(logs[0].content).toBe(`Daily check-in reward $${reward / 500000}`);
    });

    it('pays exactly CheckInQuota when the maximum is not above it', async () => {
      await setOption('CheckInEnabled', 'true');
      await setOption('CheckInQuota', '321');
      const user = await freshUser();
      expect((await as(user).post('/api/user/check_in')).body.data).toEqual({ quota: 321 });
    });

    it('credits one of many parallel check-ins', async () => {
      await setOption('CheckInEnabled', 'true');
      const user = await freshUser();
      const answers = await Promise.all(Array.from({ length: 6 }, () => as(user).post('/api/user/check_in')));
      expect(answers.filter((answer) => answer.body.success)).toHaveLength(1);
      expect((await self(user)).quota).toBe(1000);
      expect(await logsOf(user.id)).toHaveLength(1);
    });

    it('allows the next check-in once the UTC day has turned', async () => {
      await setOption('CheckInEnabled', 'true');
      const user = await freshUser();
      await as(user).post('/api/user/check_in').expect(200);
      const yesterday = Math.floor(Date.now() / 1000) - (Math.floor(Date.now() / 1000) % 86400) - 1;
      await setRow(user.id, { lastCheckInTime: yesterday });
      expect((await as(user).get('/api/user/check_in_status')).body.data).toEqual({ can_check_in: true });
      expect((await as(user).post('/api/user/check_in')).body.success).toBe(true);
      expect((await self(user)).quota).toBe(2000);
    });
  });

  describe('deleting the own account', () => {
    it('needs the right password, then ends every way in', async () => {
      const user = await freshUser();
      expect((await as(user).delete('/api/user/self', {})).body).toEqual({
        success: false,
        message: '密码不能为空',
      });
      expect((await as(user).delete('/api/user/self', { password: 'wrong-pass' })).body).toEqual({
        success: false,
        message: '密码错误',
      });
      expect((await self(user)).DeletedAt).toBeNull();
      const response = await as(user).delete('/api/user/self', { password: 'self-pass-12' });
      expect(response.body).toEqual({ success: true, message: '' });
      expect((await as(user).get('/api/user/self')).status).toBe(401);
      const login = await t
        .http()
        .post('/api/user/login')
        .send({ username: user.username, password: 'self-pass-12' });
      expect(login.body.success).toBe(false);
      const listed = await as(root).get(`/api/user/${user.id}`).expect(200);
      expect(typeof listed.body.data.DeletedAt).toBe('number');
    });

    it('is refused for the root', async () => {
      const response = await as(root).delete('/api/user/self', { password: 'root-pass-123' });
      expect(response.body).toEqual({ success: false, message: '不能删除超级管理员账户' });
      await as(root).get('/api/user/self').expect(200);
    });

    it('needs no password for an account that never had one', async () => {
      const created = await t.app
        .get(UsersService)
        .register({ username: 'gh_only', external: { provider: 'github', id: 'gh-1' } });
      await t.app.get(UsersRepository).setAccessToken(created.id, 'x'.repeat(32));
      const headers = { Authorization: 'x'.repeat(32), [USER_ID_HEADER]: String(created.id) };
      expect((await as({ headers }).get('/api/user/self')).body.data).toMatchObject({
        has_password: false,
        github_id: 'gh-1',
      });
      expect((await as({ headers }).delete('/api/user/self')).body.success).toBe(true);
      expect((await as({ headers }).get('/api/user/self')).status).toBe(401);
    });
  });

  describe('identity methods for the sign-up flows', () => {
    const users = () => t.app.get(UsersService);
    const codeOf = async (promise: Promise<unknown>) => {
      try {
        await promise;
        return null;
      } catch (error) {
        return (error as { code?: string }).code ?? 'unexpected';
      }
    };

    it('keeps usernames, emails and third-party ids unique, cancelled accounts included', async () => {
      const user = await freshUser();
      await users().setEmail(user.id, 'taken@example.com');
      await users().bindExternalId(user.id, 'oidc', 'sub-1');
      expect(await users().usernameTaken(user.username)).toBe(true);
      expect(await users().usernameTaken('nobody-here')).toBe(false);
      expect((await users().findActiveByEmail('taken@example.com'))?.id).toBe(user.id);
      expect((await users().findActiveByExternalId('oidc', 'sub-1'))?.id).toBe(user.id);
      expect(await codeOf(users().register({ username: user.username, password: 'abcdefgh1' }))).toBe(
        'username_taken',
      );
      expect(await codeOf(users().register({ username: 'fresh-mail', email: 'taken@example.com' }))).toBe(
        'email_taken',
      );
      expect(
        await codeOf(
          users().register({ username: 'fresh-oidc', external: { provider: 'oidc', id: 'sub-1' } }),
        ),
      ).toBe('external_id_bound');
      const other = await freshUser();
      expect(await codeOf(users().bindExternalId(other.id, 'oidc', 'sub-1'))).toBe('external_id_bound');
      expect(await codeOf(users().setEmail(other.id, 'taken@example.com'))).toBe('email_taken');
      await users().setEmail(user.id, 'taken@example.com'); // re-setting one's own address is fine
      await as(user).delete('/api/user/self', { password: 'self-pass-12' }).expect(200);
      expect(await users().findActiveByEmail('taken@example.com')).toBeNull();
      expect(await users().findActiveByExternalId('oidc', 'sub-1')).toBeNull();
      expect(await users().usernameTaken(user.username)).toBe(true);
      expect(await codeOf(users().register({ username: user.username, password: 'abcdefgh1' }))).toBe(
        'username_taken',
      );
    });

    it('checks and hashes passwords', async () => {
      const user = await freshUser();
      expect(await codeOf(users().setPassword(user.id, 'short'))).toBe('password_too_short');
      await users().setPassword(user.id, 'brand-new-pw');
      await t.signIn(user.username, 'brand-new-pw');
      expect(await codeOf(users().register({ username: 'pw-short', password: 'short' }))).toBe(
        'password_too_short',
      );
      expect(await codeOf(users().register({ username: 'much-too-long-name', password: 'abcdefgh1' }))).toBe(
        'invalid_username',
      );
    });
  });
});
