import { defaultOptionValues, type OptionKey } from '@tollgate/contracts';
import { type RoutingChannelRow } from '../../../channels/routing-snapshot';
import { type Selection } from '../../channel-selector';
import { toRoutedChannel } from '../../routing-table';
import { type AdapterOptions } from '../upstream-adapter';

// Test-only factories for the Anthropic and Bedrock adapter specs.

/** A selection of one channel (type 14 unless given) using `key` for `upstreamModel`. */
export function claudeTestSelection(
  upstreamModel: string,
  key: string,
  channel: Partial<RoutingChannelRow> = {},
): Selection {
  const row: RoutingChannelRow = {
    id: 7,
    name: 'claude',
    type: 14,
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

/** Options as the options service reads them: catalogue defaults, then these stored strings. */
export function claudeTestOptions(stored: Partial<Record<OptionKey, string>> = {}): AdapterOptions {
  const values = { ...defaultOptionValues(), ...stored };
  return {
    get: (key) => values[key],
    getNumber: (key) => Number(values[key]),
    getBoolean: (key) => values[key] === 'true',
    getJson: <T>(key: OptionKey) => JSON.parse(values[key]) as T,
  };
}
