import { randomBytes } from 'node:crypto';
import { type PricingAnswer, QuotaType } from '@tollgate/contracts';
import { type RelayGateway, startRelayGateway } from './support/relay-gateway';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

const PRICES = {
  ModelRatio: JSON.stringify({ 'm-token': 1.5, 'm-off': 1 }),
  CompletionRatio: JSON.stringify({ 'm-token': 4 }),
  ModelPrice: JSON.stringify({ 'm-call': 0.02 }),
  GroupRatio: JSON.stringify({ default: 1, vip: 0.8, svip: 2 }),
};

// Poll for what a change notice brings about; the brief allows a second, the margin covers a busy host.
async function within<T>(ms: number, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(BACKENDS)('GET /api/pricing (%s)', (backend) => {
  let g: RelayGateway;
  let bob: SignedIn;
  let offChannel: number;

  beforeAll(async () => {
    const redisPrefix = `pricing-${randomBytes(4).toString('hex')}:`;
    g = await startRelayGateway(backend, {}, { redisPrefix });
    for (const [key, value] of Object.entries(PRICES)) await g.setOption(key, value);
    await g.addChannel({ name: 'main', models: 'm-token,m-call', group: 'default,vip' });
    await g.addChannel({ name: 'premium', models: 'm-unpriced', group: 'svip' });
    offChannel = await g.addChannel({ name: 'off', models: 'm-off', group: 'default' });
    await g.t.http().put('/api/channel/').set(g.root.headers).send({ id: offChannel, status: 2 }).expect(200);
    bob = await g.newUser('bob', { group: 'svip' });
  });
  afterAll(() => g.close());

  const pricing = async (who?: SignedIn, lang = 'en', app: TestApp = g.t): Promise<PricingAnswer> => {
    const call = app.http().get('/api/pricing').set('Accept-Language', lang);
    const response = await (who ? call.set(who.headers) : call);
    expect(response.status).toBe(200);
    return response.body as PricingAnswer;
  };
  const model = (list: PricingAnswer, name: string) => list.data.find((row) => row.model_name === name);

  it('lists the models enabled channels serve, per token or per request, with their groups', async () => {
    const list = await pricing();
    expect(list.success).toBe(true);
    expect(list.data.map((row) => row.model_name)).toEqual(['m-call', 'm-token', 'm-unpriced']);
    expect(model(list, 'm-token')).toEqual({
      model_name: 'm-token',
      quota_type: QuotaType.PerToken,
      model_ratio: 1.5,
      completion_ratio: 4,
      model_price: 0,
      enable_groups: ['default', 'vip'],
    });
    expect(model(list, 'm-call')).toMatchObject({
      quota_type: QuotaType.PerRequest,
      model_price: 0.02,
      enable_groups: ['default', 'vip'],
    });
    // Unpriced models are listed at the self-use ratio, as established gateways show them.
    expect(model(list, 'm-unpriced')).toMatchObject({
      quota_type: QuotaType.PerToken,
      model_ratio: 37.5,
      enable_groups: ['svip'],
    });
  });

  it('shows a visitor the default usable groups, a user their own group too', async () => {
    const visitor = await pricing(undefined, 'zh-CN');
    expect(visitor.usable_group).toEqual({ default: '默认分组', vip: 'vip分组' });
    expect(visitor.group_ratio).toEqual({ default: 1, vip: 0.8 });
    const signedIn = await pricing(bob, 'en');
    expect(signedIn.usable_group).toEqual({ default: '默认分组', vip: 'vip分组', svip: 'user group' });
    expect(signedIn.group_ratio).toEqual({ default: 1, vip: 0.8, svip: 2 });
    // A session cookie without the console's user-id header counts as no session: the visitor's view.
    const cookieOnly = await g.t.http().get('/api/pricing').set('Cookie', bob.cookie).expect(200);
    expect((cookieOnly.body as PricingAnswer).usable_group).toEqual(visitor.usable_group);
  });

  it('shows price and channel changes within a second', async () => {
    await g.setOption('ModelPrice', JSON.stringify({ 'm-call': 0.02, 'm-token': 0.5 }));
    let list = await within(
      1000,
      () => pricing(),
      (l) => model(l, 'm-token')?.quota_type === QuotaType.PerRequest,
    );
    expect(model(list, 'm-token')).toMatchObject({ quota_type: QuotaType.PerRequest, model_price: 0.5 });

    await g.t.http().put('/api/channel/').set(g.root.headers).send({ id: offChannel, status: 1 }).expect(200);
    list = await within(
      1000,
      () => pricing(),
      (l) => model(l, 'm-off') !== undefined,
    );
    expect(model(list, 'm-off')).toMatchObject({ model_ratio: 1, enable_groups: ['default'] });

    await g.t.http().put('/api/channel/').set(g.root.headers).send({ id: offChannel, status: 2 }).expect(200);
    list = await within(
      1000,
      () => pricing(),
      (l) => model(l, 'm-off') === undefined,
    );
    expect(model(list, 'm-off')).toBeUndefined();
    await g.setOption('ModelPrice', PRICES.ModelPrice);
  });

  if (backend === 'full') {
    it('shows a change made on another replica within a second', async () => {
      const second = await startTestApp('full', {
        databaseUrl: g.t.config.databaseUrl,
        redisPrefix: g.t.config.redisPrefix,
      });
      try {
        expect(model(await pricing(undefined, 'en', second), 'm-token')?.model_ratio).toBe(1.5);
        await g.setOption('ModelRatio', JSON.stringify({ 'm-token': 3, 'm-off': 1 }));
        const started = Date.now();
        const list = await within(
          1000,
          () => pricing(undefined, 'en', second),
          (l) => model(l, 'm-token')?.model_ratio === 3,
        );
        expect(model(list, 'm-token')?.model_ratio).toBe(3);
        expect(Date.now() - started).toBeLessThan(1000);
      } finally {
        await second.close();
        await g.setOption('ModelRatio', PRICES.ModelRatio);
      }
    });
  }
});
