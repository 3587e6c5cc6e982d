import {
  DEFAULT_CACHE_RATIO,
  DEFAULT_COMPLETION_RATIO,
  DEFAULT_GROUP_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_MODEL_RATIO,
} from './default-pricing';
import { type OptionSpec, bool, json, optionalDecimal } from './option-spec';

// Chat client links: {key} becomes the user's token, {address} the server address.
const DEFAULT_CHATS = [
  { NextChat: 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}' },
  {
    'Lobe Chat':
      'https://chat-preview.lobehub.com/?settings={"keyVaults":{"openai":{"apiKey":"{key}","baseURL":"{address}/v1"}}}',
  },
  {
    'AI as Workspace':
      'https://aiaw.app/set-provider?provider={"type":"openai","settings":{"apiKey":"{key}","baseURL":"{address}/v1","compatibility":"strict"}}',
  },
  { AMA: 'ama://set-api-key?server={address}&key={key}' },
  { OpenCat: 'opencat://team/join?domain={address}&token={key}' },
];

/** Model and group pricing, chat links and the fallback price for unpriced models. */
export const PRICING_OPTIONS = {
  ModelPrice: json(DEFAULT_MODEL_PRICE, 'ratio-map'),
  ModelRatio: json(DEFAULT_MODEL_RATIO, 'ratio-map'),
  CompletionRatio: json(DEFAULT_COMPLETION_RATIO, 'ratio-map'),
  CacheRatio: json(DEFAULT_CACHE_RATIO, 'ratio-map'),
  GroupRatio: json(DEFAULT_GROUP_RATIO, 'ratio-map'),
  UserUsableGroups: json({ default: '默认分组', vip: 'vip分组' }, 'string-map'),
  Chats: json(DEFAULT_CHATS, 'link-list'),
  fallback_pricing_enabled: bool(false),
  // Empty = unset: either the single price or both ratios are used (see option-rules.ts).
  fallback_single_price: optionalDecimal({ min: 0 }),
  fallback_input_ratio: optionalDecimal({ min: 0 }),
  fallback_completion_ratio: optionalDecimal({ min: 0 }),
} satisfies Record<string, OptionSpec>;
