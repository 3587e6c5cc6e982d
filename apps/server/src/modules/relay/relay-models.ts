import { Injectable } from '@nestjs/common';
import { channelTypeInfo, type OpenAiModel, type OpenAiModelList } from '@tollgate/contracts';
import { relayError } from './errors/relay-errors';
import { RoutingCache } from './routing/routing-cache';
import { type RoutingTable } from './routing/routing-table';
import { type TokenCaller } from './auth/token-authenticator';

/** GET /v1/models: what the caller's group can route to, limited by the token's model limits. */
@Injectable()
export class RelayModels {
  constructor(private readonly routing: RoutingCache) {}

  list(caller: TokenCaller): OpenAiModelList {
    const table = this.routing.table();
    const limits = caller.token.modelLimits;
    const names = table.models(caller.group).filter((name) => !limits || limits.has(name));
    return { object: 'list', data: names.map((name) => describe(table, caller.group, name)) };
  }

  get(caller: TokenCaller, model: string): OpenAiModel {
    const table = this.routing.table();
    const limits = caller.token.modelLimits;
    if (table.tiers(caller.group, model).length === 0) throw relayError('model_not_found', { model });
    // The model exists for the group, but this token may not use it.
    if (limits && !limits.has(model)) throw relayError('model_not_allowed', { model });
    return describe(table, caller.group, model);
  }
}

// created = the oldest serving channel; owned_by = the provider of the preferred (highest tier) channel.
function describe(table: RoutingTable, group: string, model: string): OpenAiModel {
  const channels = table.tiers(group, model).flatMap((tier) => tier.members.map((member) => member.channel));
  const preferred = channels[0];
  return {
    id: model,
    object: 'model',
    created: Math.min(...channels.map((channel) => channel.createdTime)),
    owned_by: channelTypeInfo(preferred.type)?.name.toLowerCase() ?? 'custom',
  };
}

/** Anthropic's model list shape (`GET /v1/models` with `anthropic-version`). */
export interface AnthropicModelList {
  data: Array<{ type: 'model'; id: string; display_name: string; created_at: string }>;
  has_more: false;
  first_id: string | null;
  last_id: string | null;
}

export function toAnthropicList(list: OpenAiModelList): AnthropicModelList {
  const data = list.data.map((model) => ({
    type: 'model' as const,
    id: model.id,
    display_name: model.id,
    created_at: new Date(model.created * 1000).toISOString(),
  }));
  return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
}
