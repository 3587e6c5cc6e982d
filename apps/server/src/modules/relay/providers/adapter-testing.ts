import { defaultOptionValues, type OptionKey } from '@tollgate/contracts';
import { type RoutingChannelRow } from '../../channels/routing-snapshot';
import { type Selection } from '../routing/channel-selector';
import { toRoutedChannel } from '../routing/routing-table';
import { type AdapterOptions } from './upstream-adapter';

// Test-only factories for the adapter specs (files named *-testing.ts stay out of the build).

/** The routing row of an enabled channel with nothing set but its type and these fields. */
function channelRow(
  channel: Partial<RoutingChannelRow> & Pick<RoutingChannelRow, 'type'>,
): RoutingChannelRow {
  return {
    id: 7,
    name: 'test',
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
}

/** A selection of one channel (the routed form of its row) using `key` for `upstreamModel`. */
export function testSelection(
  channel: Partial<RoutingChannelRow> & Pick<RoutingChannelRow, 'type'>,
  key: string,
  upstreamModel: string,
  modelMapped = false,
): Selection {
  return {
    channel: toRoutedChannel(channelRow(channel), [key]),
    key,
    keyIndex: 0,
    upstreamModel,
    modelMapped,
  };
}

/** Options as the options service reads them: catalogue defaults, then these stored strings. */
export function testOptions(stored: Partial<Record<OptionKey, string>> = {}): AdapterOptions {
  const values: Record<string, string> = { ...defaultOptionValues(), ...stored };
  const get = (key: OptionKey): string => values[key] ?? '';
  return {
    get,
    getNumber: (key) => Number(get(key)),
    getBoolean: (key) => get(key) === 'true',
    getJson: <T>(key: OptionKey): T => JSON.parse(get(key)) as T,
  };
}
