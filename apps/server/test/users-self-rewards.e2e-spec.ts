import { LogType } from '@tollgate/contracts';
import { UsersService } from '../src/modules/users/users.service';
import { BACKENDS } from './support/test-app';
import { type OwnAccountApp, startOwnAccountApp } from './support/users-app';

describe.each(BACKENDS)('own account (%s)', (backend) => {
  let t: OwnAccountApp;

  beforeAll(async () => {
    t = await startOwnAccountApp(backend);
  });
  afterAll(() => t.close());

  describe('invitation', () => {
    it('creates a four-character invite code once', async () => {
      const user = await t.freshUser();
      const code = (await t.as(user).get('/api/user/aff').expect(200)).body.data as string;
      expect(code).toMatch(/^[0-9a-zA-Z]{4}$/);
      expect((await t.as(user).get('/api/user/aff')).body.data).toBe(code);
      expect((await t.self(user)).aff_code).toBe(code);
    });

    it('rewards invitee and inviter on registration with the code', async () => {
      const inviter = await t.freshUser();
      const code = (await t.as(inviter).get('/api/user/aff')).body.data as string;
      await t.setOption('QuotaForNewUser', '100');
      await t.setOption('QuotaForInvitee', '20');
      await t.setOption('QuotaForInviter', '7');
      try {
        const invitee = await t.app
          .get(UsersService)
          .register({ username: 'invitee1', password: 'invitee-pw-1', affCode: code });
        expect(invitee).toMatchObject({ quota: 120, inviterId: inviter.id });
        expect(await t.self(inviter)).toMatchObject({
          aff_count: 1,
          aff_quota: 7,
          aff_history_quota: 7,
          quota: 0,
        });
        const ignored = await t.app
          .get(UsersService)
          .register({ username: 'invitee2', password: 'invitee-pw-2', affCode: 'zzzzzzz' });
        expect(ignored).toMatchObject({ quota: 100, inviterId: 0 });
        expect((await t.logsOf(invitee.id)).map((log) => [log.type, log.quota])).toEqual([
          [LogType.System, 100],
          [LogType.System, 20],
        ]);
        expect((await t.logsOf(inviter.id)).map((log) => [log.type, log.quota])).toEqual([
          [LogType.System, 7],
        ]);
      } finally {
        for (const key of ['QuotaForNewUser', 'QuotaForInvitee', 'QuotaForInviter'])
          await t.setOption(key, '0');
      }
    });

    it('transfers invite earnings of at least one unit into the balance', async () => {
      const user = await t.freshUser();
      await t.setRow(user.id, { affQuota: 1_200_000 });
      const below = await t.as(user).post('/api/user/aff_transfer', { quota: 499_999 });
      expect(below.body).toEqual({ success: false, message: '转移额度最小为 $1！' });
      const tooMuch = await t.as(user).post('/api/user/aff_transfer', { quota: 1_200_001 });
      expect(tooMuch.body).toEqual({ success: false, message: '邀请额度不足！' });
      const notInteger = await t.as(user).post('/api/user/aff_transfer', { quota: '600000' });
      expect(notInteger.body).toEqual({ success: false, message: 'quota 必须是整数' });
      expect(await t.self(user)).toMatchObject({ aff_quota: 1_200_000, quota: 0 });
      const ok = await t.as(user, 'en').post('/api/user/aff_transfer', { quota: 700_000 });
      expect(ok.body).toEqual({ success: true, message: '' });
      expect(await t.self(user)).toMatchObject({ aff_quota: 500_000, quota: 700_000 });
      expect((await t.logsOf(user.id)).map((log) => [log.type, log.quota, log.content])).toEqual([
        [LogType.System, 700_000, 'Transferred $1.4 of invitation quota into the balance'],
      ]);
    });

    it('never double-credits parallel transfers', async () => {
      const user = await t.freshUser();
      await t.setRow(user.id, { affQuota: 1_500_000 });
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => t.as(user).post('/api/user/aff_transfer', { quota: 500_000 })),
      );
      expect(answers.filter((answer) => answer.body.success)).toHaveLength(3);
      expect(await t.self(user)).toMatchObject({ aff_quota: 0, quota: 1_500_000 });
    });
  });

  describe('daily check-in', () => {
    afterEach(async () => {
      await t.setOption('CheckInEnabled', 'false');
      await t.setOption('CheckInMaxQuota', '0');
      await t.setOption('CheckInQuota', '1000');
    });

    it('is closed while CheckInEnabled is off', async () => {
      const user = await t.freshUser();
      expect((await t.as(user).get('/api/user/check_in_status')).body.data).toEqual({ can_check_in: false });
      expect((await t.as(user).post('/api/user/check_in')).body).toEqual({
        success: false,
        message: '签到功能未启用',
      });
      expect((await t.self(user)).quota).toBe(0);
    });

    it('credits a random reward once per UTC day and logs it', async () => {
      await t.setOption('CheckInEnabled', 'true');
      await t.setOption('CheckInQuota', '100');
      await t.setOption('CheckInMaxQuota', '200');
      const user = await t.freshUser();
      expect((await t.as(user).get('/api/user/check_in_status')).body.data).toEqual({ can_check_in: true });
      const first = await t.as(user, 'en').post('/api/user/check_in');
      expect(first.body.success).toBe(true);
      const reward = first.body.data.quota as number;
      expect(Number.isInteger(reward) && reward >= 100 && reward <= 200).toBe(true);
      const again = await t.as(user).post('/api/user/check_in');
      expect(again.body).toEqual({ success: false, message: '今日已签到' });
      expect((await t.as(user).get('/api/user/check_in_status')).body.data).toEqual({ can_check_in: false });
      expect((await t.self(user)).quota).toBe(reward);
      const logs = await t.logsOf(user.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ type: LogType.CheckIn, quota: reward, username: user.username });
      expect(logs[0].content).toBe(`Daily check-in reward $${reward / 500000}`);
    });

    it('pays exactly CheckInQuota when the maximum is not above it', async () => {
      await t.setOption('CheckInEnabled', 'true');
      await t.setOption('CheckInQuota', '321');
      const user = await t.freshUser();
      expect((await t.as(user).post('/api/user/check_in')).body.data).toEqual({ quota: 321 });
    });

    it('credits one of many parallel check-ins', async () => {
      await t.setOption('CheckInEnabled', 'true');
      const user = await t.freshUser();
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => t.as(user).post('/api/user/check_in')),
      );
      expect(answers.filter((answer) => answer.body.success)).toHaveLength(1);
      expect((await t.self(user)).quota).toBe(1000);
      expect(await t.logsOf(user.id)).toHaveLength(1);
    });

    it('allows the next check-in once the UTC day has turned', async () => {
      await t.setOption('CheckInEnabled', 'true');
      const user = await t.freshUser();
      await t.as(user).post('/api/user/check_in').expect(200);
      const yesterday = Math.floor(Date.now() / 1000) - (Math.floor(Date.now() / 1000) % 86400) - 1;
      await t.setRow(user.id, { lastCheckInTime: yesterday });
      expect((await t.as(user).get('/api/user/check_in_status')).body.data).toEqual({ can_check_in: true });
      expect((await t.as(user).post('/api/user/check_in')).body.success).toBe(true);
      expect((await t.self(user)).quota).toBe(2000);
    });
  });
});
