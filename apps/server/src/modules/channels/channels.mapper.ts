import { type ChannelListAnswer, type ChannelView } from '@tollgate/contracts';
import { type PageQueryDto, toPage } from '../../common/http/pagination';
import { type ChannelEntity } from './channel.entity';
import { type ChannelPage } from './channel-list.queries';
import { readChannelInfo } from './channel-info';

/** The wire shape of a channel: never the key, only whether one is stored and how many. */
export function toChannelView(channel: ChannelEntity): ChannelView {
  const info = readChannelInfo(channel.channelInfo);
  const hasKey = channel.key !== '';
  return {
    id: channel.id,
    type: channel.type,
    name: channel.name,
    has_key: hasKey,
    key_count: info.is_multi_key ? info.multi_key_size : Number(hasKey),
    openai_organization: channel.openaiOrganization,
    max_input_tokens: channel.maxInputTokens,
    base_url: channel.baseUrl,
    other: channel.other,
    model_mapping: channel.modelMapping,
    status_code_mapping: channel.statusCodeMapping,
    setting: channel.setting,
    param_override: channel.paramOverride,
    header_override: channel.headerOverride,
    models: channel.models,
    group: channel.group,
    auto_ban: channel.autoBan,
    test_model: channel.testModel,
    priority: channel.priority,
    weight: channel.weight,
    tag: channel.tag,
    model_prefix: channel.modelPrefix,
    status: channel.status,
    response_time: channel.responseTime,
    balance: channel.balance,
    used_quota: channel.usedQuota,
    other_info: channel.otherInfo,
    channel_info: info,
    created_time: channel.createdTime,
    test_time: channel.testTime,
    balance_updated_time: channel.balanceUpdatedTime,
  };
}

export function toChannelList(page: ChannelPage, query: PageQueryDto): ChannelListAnswer {
  return { ...toPage(page.channels.map(toChannelView), page.total, query), type_counts: page.typeCounts };
}
