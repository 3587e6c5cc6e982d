import { APIError } from 'openai';
import { setTimeout as sleep } from 'node:timers/promises';
import { CHANNELS_CHANGED } from '../src/modules/channels/channel-events';
import { PubSub } from '../src/infra/redis/redis.ports';
import { type RelayGateway, startRelayGateway } from './support/relay-gateway';
import { BACKENDS } from './support/test-app';

// The routing table is rebuilt on every channels:changed notice. A rebuild that fails (here the abilities
// table is away, as in a database outage) keeps the table in use and is tried again within seconds: the change
// the notice announced is routed then, without waiting for another notice or the minute's resync.
describe.each(BACKENDS)('relay: a failed routing rebuild is retried (%s)', (backend) => {
  let g: RelayGateway;

  beforeAll(async () => {
    g = await startRelayGateway(backend);
    await g.setOption('ModelRatio', JSON.stringify({ 'gpt-4o-mini': 1 }));
  });
  afterAll(() => g.close());

  const setAbilitiesAway = (away: boolean) =>
    g.data.query(
      away
        ? 'ALTER TABLE "abilities" RENAME TO "abilities_away"'
        : 'ALTER TABLE "abilities_away" RENAME TO "abilities"',
    );

  it('routes a channel disabled during a failed rebuild away once the database answers again', async () => {
    const channel = await g.addChannel({ name: 'retried', models: 'gpt-4o-mini' });
    const who = await g.newUser('ria', { quota: 10_000_000 });
    const { key } = await g.createToken(who);
    /** True when served, false when refused with 503 (no channel for the model). */
    const served = async () => {
      try {
        await g.openai(key).chat.completions.create({
          model: 'gpt-4o-mini',
          messages: [{ role: 'user', content: 'hi' }],
        });
        return true;
      } catch (error) {
        if (error instanceof APIError && error.status === 503) return false;
        throw error;
      }
    };
    expect(await served()).toBe(true);

    // Changed behind the admin API's back, then announced while the rebuild cannot read the abilities.
    await g.data.query(`UPDATE "channels" SET "status" = 2 WHERE "id" = ${channel}`);
    await setAbilitiesAway(true);
    try {
      await g.t.app.get(PubSub).publish(CHANNELS_CHANGED, JSON.stringify([channel]));
      await sleep(300);
      // The failed rebuild left the table as it was: the channel still serves.
      expect(await served()).toBe(true);
    } finally {
      await setAbilitiesAway(false);
    }

    const deadline = Date.now() + 10_000;
    while ((await served()) && Date.now() < deadline) await sleep(100);
    expect(await served()).toBe(false);
  });
});
