import { defaultOptionValues, type OptionKey } from '@tollgate/contracts';
import { type RoutingChannelRow } from '../../../channels/routing-snapshot';
import { type Selection } from '../../channel-selector';
import { toRoutedChannel } from '../../routing-table';
import { type AdapterOptions } from '../upstream-adapter';

// Test-only helpers for the Gemini and Vertex adapter specs.

export function testSelection(
  channel: Partial<RoutingChannelRow>,
  key: string,
  upstreamModel: string,
): Selection {
  const row: RoutingChannelRow = {
    id: 7,
    name: 'google',
    type: 24,
    status: 1,
    baseUrl: '',
    openaiOrganization: '',
    other: '',
    modelMapping: '',
    statusCodeMapping: '',
    paramOverride: '',
    headerOverride: '',
    setting: '',
    autoBan: 1,
    createdTime: 0,
    channelInfo: '',
    key: '',
    ...channel,
  };
  return { channel: toRoutedChannel(row, [key]), key, keyIndex: 0, upstreamModel, modelMapped: false };
}

/** Options as stored (strings), the catalogue defaults unless overridden. */
export function testOptions(overrides: Partial<Record<OptionKey, string>> = {}): AdapterOptions {
  const values: Record<string, string> = { ...defaultOptionValues(), ...overrides };
  const get = (key: OptionKey): string => values[key] ?? '';
  return {
    get,
    getNumber: (key) => Number(get(key)),
    getBoolean: (key) => get(key) === 'true',
    getJson: <T>(key: OptionKey): T => JSON.parse(get(key)) as T,
  };
}
