import { AppError } from '../../common/errors/app-error';
import { abilityRows } from './abilities';
import { type ChannelFields, resolveChannelFields } from './channel-form';
import { splitKeyText } from './channel-keys';

const codeOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'none';
};

describe('resolveChannelFields', () => {
  const created = resolveChannelFields(
    { name: ' a ', models: 'm1, m2,m1', group: 'default', base_url: 'https://x.example//', priority: '3' },
    null,
    true,
  );

  it('normalises a new channel and applies defaults', () => {
    expect(created).toMatchObject({
      type: 1,
      name: 'a',
      models: 'm1,m2',
      group: 'default',
      baseUrl: 'https://x.example',
      priority: 3,
      weight: 0,
      status: 1,
      autoBan: 1,
    });
    const azure = { type: 3, name: 'a', models: 'm', group: 'g', base_url: 'https://a.example' };
    expect(resolveChannelFields(azure, null, true).other).toBe('2024-12-01-preview');
  });

  it('keeps stored values for absent fields and checks only a status change', () => {
    const stored: ChannelFields = { ...created, status: 3, tag: 't' };
    expect(resolveChannelFields({ weight: 2 }, stored, true)).toEqual({ ...stored, weight: 2 });
    expect(resolveChannelFields({ status: 3 }, stored, true).status).toBe(3);
    expect(codeOf(() => resolveChannelFields({ status: 3 }, created, true))).toBe('status_invalid');
  });

  it('reports the spec rule a form breaks', () => {
    expect(codeOf(() => resolveChannelFields({ name: 'a', models: 'm', group: 'g' }, null, false))).toBe(
      'name_and_key_required',
    );
    expect(codeOf(() => resolveChannelFields({ priority: 1.5 }, created, true))).toBe('priority_not_integer');
    expect(codeOf(() => resolveChannelFields({ weight: -1 }, created, true))).toBe('weight_invalid');
    expect(codeOf(() => resolveChannelFields({ group: ' , ' }, created, true))).toBe('groups_required');
  });

  it('refuses a type the relay does not serve for a new channel or a type change, not a kept one', () => {
    const spark = { type: 18, name: 's', models: 'm', group: 'g' };
    expect(codeOf(() => resolveChannelFields(spark, null, true))).toBe('type_not_relayed');
    expect(codeOf(() => resolveChannelFields({ type: 34 }, created, true))).toBe('type_not_relayed');
    const stored: ChannelFields = { ...created, type: 18 };
    expect(resolveChannelFields({ name: 'old', status: 2 }, stored, true)).toMatchObject({
      type: 18,
      name: 'old',
      status: 2,
    });
  });
});

describe('splitKeyText', () => {
  it('takes one key per non-empty line, without repeats', () => {
    expect(splitKeyText(1, ' k1 \r\n\nk2\nk1\n')).toEqual(['k1', 'k2']);
  });

  it('keeps a Vertex AI key whole, or splits a JSON array of them', () => {
    expect(splitKeyText(41, '{\n "a": 1\n}')).toEqual(['{\n "a": 1\n}']);
    expect(splitKeyText(41, '[{"a":1},{"b":2}]')).toEqual(['{"a":1}', '{"b":2}']);
    expect(splitKeyText(41, '[not json')).toEqual(['[not json']);
    expect(splitKeyText(41, '  ')).toEqual([]);
  });
});

describe('abilityRows', () => {
  it('crosses groups and models and copies the routing fields', () => {
    const rows = abilityRows({
      id: 7,
      models: 'm1,m2',
      group: 'g1,g2',
      status: 2,
      priority: 5,
      weight: 1,
      tag: 't',
    });
    expect(rows.map((row) => `${row.group}/${row.model}`)).toEqual(['g1/m1', 'g1/m2', 'g2/m1', 'g2/m2']);
    expect(rows[0]).toEqual({
      group: 'g1',
      model: 'm1',
      channelId: 7,
      enabled: false,
      priority: 5,
      weight: 1,
      tag: 't',
    });
  });
});
