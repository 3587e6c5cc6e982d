import { DataSource } from 'typeorm';
import { RedeemService } from '../src/modules/redemptions/redeem.service';
import { RedemptionsRepository } from '../src/modules/redemptions/redemptions.repository';
import { type RedemptionDesk, startRedemptionDesk } from './support/redemption-desk';
import { BACKENDS, type SignedIn, type TestApp } from './support/test-app';

const now = () => Math.floor(Date.now() / 1000);

describe.each(BACKENDS)('redeeming codes: POST /api/user/topup (%s)', (backend) => {
  let desk: RedemptionDesk;
  let t: TestApp;
  let users: SignedIn[];

  beforeAll(async () => {
    desk = await startRedemptionDesk(backend);
    ({ t, users } = desk);
  });
  afterAll(() => desk.close());

  const quotaOf = async (who: SignedIn) =>
    (await t.http().get('/api/user/self').set(who.headers).expect(200)).body.data.quota as number;

  it('refuses anonymous callers', async () => {
    const code = await desk.newCode();
    expect((await t.http().post('/api/user/topup').send({ key: code.key })).status).toBe(401);
    expect((await desk.read(code.id)).status).toBe(1);
  });

  it('credits the quota once, marks the code used and logs a masked top-up', async () => {
    const [ann] = users;
    const code = await desk.newCode({ quota: 123456 });
    const before = await quotaOf(ann);
    const response = await desk.redeem(ann, ` ${code.key} `);
    expect(response.body).toEqual({ success: true, message: '', data: { quota: 123456, is_gift: false } });
    expect(await quotaOf(ann)).toBe(before + 123456);
    const used = await desk.read(code.id);
    expect(used).toMatchObject({ status: 3, used_user_id: ann.id, used_count: 1 });
    expect(used.redeemed_time).toBeGreaterThanOrEqual(now() - 5);

    const again = await desk.redeem(ann, code.key);
    expect(again.body).toMatchObject({ success: false, message: '该兑换码已被使用' });
    expect((await desk.redeem(users[1], code.key, 'en')).body.message).toBe(
      'This redemption code has already been used',
    );
    expect(await quotaOf(ann)).toBe(before + 123456);

    const logs: Array<Record<string, unknown>> = await t.app
      .get(DataSource)
      .query(`SELECT * FROM logs WHERE user_id = ${ann.id} AND type = 1 ORDER BY id DESC`);
    expect(logs[0]).toMatchObject({
      username: 'ann',
      content: `通过兑换码 ${code.key.slice(0, 4)}***${code.key.slice(-4)} 充值 $0.25`,
    });
    expect(Number(logs[0].quota)).toBe(123456);
    expect(JSON.stringify(logs)).not.toContain(code.key);
  });

  it.each([
    ['empty', () => '', '未提供兑换码'],
    ['missing', () => undefined, '未提供兑换码'],
    ['unknown', () => 'f'.repeat(32), '无效的兑换码'],
    ['too long', () => 'f'.repeat(100), '无效的兑换码'],
  ])('refuses an %s code', async (_label, key, message) => {
    const before = await quotaOf(users[2]);
    const response = await desk.redeem(users[2], key());
    expect(response.body).toMatchObject({ success: false, message });
    expect(await quotaOf(users[2])).toBe(before);
  });

  it.each([
    ['disabled', { status: 2 }, '该兑换码已被禁用'],
    ['expired', { valid_until: 1 }, '该兑换码已过期'],
    ['not yet valid', { valid_from: 4102444800 }, '该兑换码尚未生效'],
  ])('refuses a %s code and credits nothing', async (_label, change, message) => {
    const code = await desk.newCode();
    if ('status' in change) await desk.update({ id: code.id, status: 2 }, '?status_only=true');
    else
      await t.app
        .get(DataSource)
        .query(
          `UPDATE redemptions SET ${Object.keys(change)[0]} = ${Object.values(change)[0]} WHERE id = ${code.id}`,
        );
    const before = await quotaOf(users[2]);
    const response = await desk.redeem(users[2], code.key);
    expect(response.body).toMatchObject({ success: false, message });
    expect(await quotaOf(users[2])).toBe(before);
    expect((await desk.read(code.id)).used_count).toBe(0);
  });

  it('accepts a code inside its validity window', async () => {
    const code = await desk.newCode({ valid_from: now() - 60, valid_until: now() + 3600 });
    expect((await desk.redeem(users[2], code.key)).body.success).toBe(true);
  });

  it('lets each user redeem a gift code once, up to max_uses', async () => {
    const [ann, ben, cat] = users;
    const code = await desk.newCode({ quota: 700, is_gift: true, max_uses: 2 });
    const before = await Promise.all(users.map(quotaOf));

    expect((await desk.redeem(ann, code.key)).body).toEqual({
      success: true,
      message: '',
      data: { quota: 700, is_gift: true },
    });
    expect((await desk.redeem(ann, code.key)).body).toMatchObject({
      success: false,
      message: '您已兑换过该兑换码',
    });
    expect(await desk.read(code.id)).toMatchObject({ status: 1, used_count: 1 });
    expect((await desk.redeem(ben, code.key)).body.success).toBe(true);
    expect(await desk.read(code.id)).toMatchObject({ status: 3, used_count: 2 });
    expect((await desk.redeem(cat, code.key)).body).toMatchObject({
      success: false,
      message: '该兑换码已被使用',
    });

    expect(await Promise.all(users.map(quotaOf))).toEqual([before[0] + 700, before[1] + 700, before[2]]);
  });

  it('keeps an unlimited gift code open to every user', async () => {
    const code = await desk.newCode({ quota: 5, is_gift: true });
    for (const who of users) expect((await desk.redeem(who, code.key)).body.success).toBe(true);
    expect(await desk.read(code.id)).toMatchObject({ status: 1, used_count: 3, max_uses: -1 });
  });

  it('credits a one-use code exactly once under concurrent redemptions', async () => {
    const code = await desk.newCode({ quota: 10000 });
    const before = await Promise.all(users.map(quotaOf));
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, i) => desk.redeem(users[i % users.length], code.key)),
    );
    const winners = attempts.filter((response) => response.body.success);
    expect(winners).toHaveLength(1);
    for (const loser of attempts.filter((response) => !response.body.success))
      expect(loser.body.message).toBe('该兑换码已被使用');

    const after = await Promise.all(users.map(quotaOf));
    const gained = after.map((quota, i) => quota - before[i]);
    expect(gained.reduce((sum, value) => sum + value, 0)).toBe(10000);
    expect(await desk.read(code.id)).toMatchObject({ status: 3, used_count: 1 });
  });

  it('credits once when redemptions interleave inside one process', async () => {
    // HTTP requests to one embedded process may run one after another; direct calls interleave at every await.
    const code = await desk.newCode({ quota: 4000 });
    const before = await Promise.all(users.map(quotaOf));
    const service = t.app.get(RedeemService);
    const outcomes = await Promise.allSettled(
      users.flatMap((who) => [0, 1].map(() => service.redeem(who.id, code.key, { ip: '', locale: 'en' }))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const gained = (await Promise.all(users.map(quotaOf))).map((quota, i) => quota - before[i]);
    expect(gained.reduce((sum, value) => sum + value, 0)).toBe(4000);
  });

  it('can give a claimed code back (used when the credit fails)', async () => {
    const code = await desk.newCode({ quota: 50, is_gift: true, max_uses: 1 });
    expect((await desk.redeem(users[0], code.key)).body.success).toBe(true);
    expect(await desk.read(code.id)).toMatchObject({ status: 3, used_count: 1 });
    await t.app.get(RedemptionsRepository).releaseClaim(code.id, users[0].id);
    expect(await desk.read(code.id)).toMatchObject({ status: 1, used_count: 0 });
    expect((await desk.redeem(users[0], code.key)).body.success).toBe(true);
  });

  it('credits a gift code at most max_uses times, once per user, under concurrency', async () => {
    const code = await desk.newCode({ quota: 300, is_gift: true, max_uses: 2 });
    const before = await Promise.all(users.map(quotaOf));
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, i) => desk.redeem(users[i % users.length], code.key)),
    );
    expect(attempts.filter((response) => response.body.success)).toHaveLength(2);
    const gained = (await Promise.all(users.map(quotaOf))).map((quota, i) => quota - before[i]);
    expect(gained.filter((value) => value === 300)).toHaveLength(2);
    expect(gained.filter((value) => value === 0)).toHaveLength(1);
    expect(await desk.read(code.id)).toMatchObject({ status: 3, used_count: 2 });
  });
});
