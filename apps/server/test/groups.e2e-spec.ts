import { Role } from '@tollgate/contracts';
import { PasswordHasher } from '../src/modules/users/password-hasher';
import { UsersService } from '../src/modules/users/users.service';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

describe.each(BACKENDS)('groups (%s)', (backend) => {
  let t: TestApp;
  let root: SignedIn;
  let admin: SignedIn;
  let user: SignedIn;

  beforeAll(async () => {
    t = await startTestApp(backend);
    root = await t.setupRoot();
    await t.createUser('admin1', 'admin-pass-1', Role.Admin);
    await t.createUser('plain', 'plain-pass-1');
    admin = await t.signIn('admin1', 'admin-pass-1');
    user = await t.signIn('plain', 'plain-pass-1');
  });
  afterAll(() => t.close());

  const setOption = (key: string, value: string) =>
    t.http().put('/api/option/').set(root.headers).send({ key, value }).expect(200);
  const selfGroups = async (who: SignedIn, lang = 'zh-CN') => {
    const response = await t
      .http()
      .get('/api/user/self/groups')
      .set(who.headers)
      .set('Accept-Language', lang);
    expect(response.status).toBe(200);
    return response.body as { success: boolean; message: string; data: Record<string, unknown> };
  };

  it('answers the models a user can call: enabled channels in the usable groups only', async () => {
    const addChannel = async (name: string, models: string, group: string) => {
      const response = await t
        .http()
        .post('/api/channel/')
        .set(root.headers)
        .send({ name, type: 1, key: `sk-${name}`, models, group });
      expect(response.body.success).toBe(true);
      return (response.body.data as { ids: number[] }).ids[0];
    };
    await addChannel('usable', 'model-a,model-b', 'default');
    await addChannel('premium', 'model-svip', 'svip');
    const disabled = await addChannel('off', 'model-off', 'vip');
    await t.http().put('/api/channel/').set(root.headers).send({ id: disabled, status: 2 }).expect(200);

    const models = await t.http().get('/api/user/models').set(user.headers);
    expect(models.body).toEqual({ success: true, message: '', data: ['model-a', 'model-b'] });
    expect((await t.http().get('/api/user/models')).status).toBe(401);
  });

  it('lists every priced group to administrators only', async () => {
    const response = await t.http().get('/api/group/').set(admin.headers).expect(200);
    expect(response.body).toEqual({ success: true, message: '', data: ['default', 'vip', 'svip'] });
    expect((await t.http().get('/api/group/')).status).toBe(401);
    expect((await t.http().get('/api/group/').set(user.headers)).status).toBe(403);
  });

  it('answers the groups a user may use with their ratios', async () => {
    expect((await t.http().get('/api/user/self/groups')).status).toBe(401);
    expect(await selfGroups(user)).toEqual({
      success: true,
      message: '',
      data: { default: { desc: '默认分组', ratio: 1 }, vip: { desc: 'vip分组', ratio: 1 } },
    });
  });

  it('follows GroupRatio and UserUsableGroups, always offering the own group if priced', async () => {
    await setOption('GroupRatio', '{"default":1,"vip":2,"svip":0.5,"team":1.5}');
    await setOption('UserUsableGroups', '{"default":"Default","svip":"Super","unpriced":"Nowhere"}');
    const hash = await t.app.get(PasswordHasher).hash('team-pass-1');
    await t.app
      .get(UsersService)
      .create({ username: 'teamer', password: hash, role: Role.Common, group: 'team' });
    const teamer = await t.signIn('teamer', 'team-pass-1');

    expect((await selfGroups(user)).data).toEqual({
      default: { desc: 'Default', ratio: 1 },
      svip: { desc: 'Super', ratio: 0.5 },
    });
    expect((await selfGroups(teamer, 'en-US')).data).toEqual({
      default: { desc: 'Default', ratio: 1 },
      svip: { desc: 'Super', ratio: 0.5 },
      team: { desc: 'user group', ratio: 1.5 },
    });
    expect((await selfGroups(teamer)).data.team).toEqual({ desc: '用户分组', ratio: 1.5 });
    expect((await t.http().get('/api/group/').set(admin.headers)).body.data).toEqual([
      'default',
      'vip',
      'svip',
      'team',
    ]);

    // Token groups follow the same list.
    const create = (who: SignedIn, group: string) =>
      t.http().post('/api/token/').set(who.headers).send({ name: 'g', group });
    expect((await create(teamer, 'team')).body.success).toBe(true);
    expect((await create(user, 'team')).body.success).toBe(false);
    expect((await create(user, 'svip')).body.success).toBe(true);
    expect((await create(user, 'unpriced')).body.success).toBe(false);
  });
});
