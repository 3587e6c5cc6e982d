import { type DataSource } from 'typeorm';
import { openDataSource } from '../src/infra/database/data-source';
import { OptionEntity } from '../src/modules/options/option.entity';
import { testConfig } from './support/test-config';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('embedded SQLite transactions under concurrency', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await openDataSource(testConfig({}));
  });
  afterAll(() => dataSource.destroy());

  const value = async (key: string) =>
    (await dataSource.getRepository(OptionEntity).findOneBy({ key }))?.value;

  it("a rolled-back transaction never takes another request's writes with it", async () => {
    const failing = dataSource.transaction(async (manager) => {
      await manager.insert(OptionEntity, { key: 'tx-a', value: 'a' });
      for (let i = 0; i < 5; i += 1) await tick(); // leave room for the others to interleave
      throw new Error('boom');
    });
    const committing = dataSource.transaction(async (manager) => {
      await manager.insert(OptionEntity, { key: 'tx-b', value: 'b' });
      await tick();
      await manager.insert(OptionEntity, { key: 'tx-b2', value: 'b2' });
    });
    const plain = (async () => {
      await tick();
      await dataSource.getRepository(OptionEntity).insert({ key: 'plain', value: 'p' });
    })();
    await expect(failing).rejects.toThrow('boom');
    await Promise.all([committing, plain]);
    expect(await value('tx-a')).toBeUndefined();
    expect(await value('tx-b')).toBe('b');
    expect(await value('tx-b2')).toBe('b2');
    expect(await value('plain')).toBe('p');
  });

  it('runs many concurrent transactions to completion', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        dataSource.transaction(async (manager) => {
          await manager.insert(OptionEntity, { key: `many-${i}`, value: String(i) });
          await tick();
          await manager.update(OptionEntity, { key: `many-${i}` }, { value: `done-${i}` });
        }),
      ),
    );
    for (let i = 0; i < 20; i += 1) expect(await value(`many-${i}`)).toBe(`done-${i}`);
  });
});
