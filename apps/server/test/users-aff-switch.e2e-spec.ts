import { BACKENDS } from './support/test-app';
import { type OwnAccountApp, startOwnAccountApp } from './support/users-app';

const REFUSED = {
  zh: { success: false, message: '管理员未开启邀请功能' },
  en: { success: false, message: 'Invitations are not enabled on this site' },
};

describe.each(BACKENDS)('AffEnabled (%s)', (backend) => {
  let t: OwnAccountApp;

  beforeAll(async () => {
    t = await startOwnAccountApp(backend);
    await t.setOption('QuotaForNewUser', '100');
    await t.setOption('QuotaForInvitee', '20');
    await t.setOption('QuotaForInviter', '7');
  });
  afterAll(() => t.close());

  const register = (username: string, affCode: string) =>
    t
      .http()
      .post('/api/user/register')
      .send({ username, password: `${username}-pass-1`, aff_code: affCode });

  it('off: the invite code and transfer calls refuse in the caller language and change nothing', async () => {
    const user = await t.freshUser();
    await t.setRow(user.id, { affQuota: 900_000 });
    await t.setOption('AffEnabled', 'false');
    try {
      expect((await t.as(user).get('/api/user/aff')).body).toEqual(REFUSED.zh);
      expect((await t.as(user, 'en').get('/api/user/aff')).body).toEqual(REFUSED.en);
      expect((await t.self(user)).aff_code).toBe('');
      const transfer = await t.as(user, 'en').post('/api/user/aff_transfer', { quota: 600_000 });
      expect(transfer.body).toEqual(REFUSED.en);
      expect(await t.self(user)).toMatchObject({ aff_quota: 900_000, quota: 0 });
      expect(await t.logsOf(user.id)).toEqual([]);
    } finally {
      await t.setOption('AffEnabled', 'true');
    }
    // On again: the same calls work.
    expect((await t.as(user).get('/api/user/aff')).body.data).toMatch(/^[0-9a-zA-Z]{4}$/);
    expect((await t.as(user).post('/api/user/aff_transfer', { quota: 600_000 })).body.success).toBe(true);
    expect(await t.self(user)).toMatchObject({ aff_quota: 300_000, quota: 600_000 });
  });

  it('off: a sign-up with an invite code succeeds and rewards nobody', async () => {
    const inviter = await t.freshUser();
    const code = (await t.as(inviter).get('/api/user/aff')).body.data as string;
    await t.setOption('AffEnabled', 'false');
    try {
      expect((await register('quiet1', code)).body.success).toBe(true);
    } finally {
      await t.setOption('AffEnabled', 'true');
    }
    const invitee = await t.signIn('quiet1', 'quiet1-pass-1');
    expect(await t.self(invitee)).toMatchObject({ quota: 100, inviter_id: 0 });
    expect(await t.self(inviter)).toMatchObject({ aff_count: 0, aff_quota: 0, aff_history_quota: 0 });
    expect(await t.logsOf(inviter.id)).toEqual([]);

    // The same code with invitations on rewards both sides: the switch was what held it back.
    expect((await register('loud1', code)).body.success).toBe(true);
    expect(await t.self(await t.signIn('loud1', 'loud1-pass-1'))).toMatchObject({
      quota: 120,
      inviter_id: inviter.id,
    });
    expect(await t.self(inviter)).toMatchObject({ aff_count: 1, aff_quota: 7 });
  });
});
