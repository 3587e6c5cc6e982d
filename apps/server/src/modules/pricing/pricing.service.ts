import { Injectable } from '@nestjs/common';
import { type ModelPricing, type PricingList, QuotaType } from '@tollgate/contracts';
import { type Locale } from '../../common/i18n/locale';
import { PriceCalculator } from '../billing/price-calculator';
import { GroupsService } from '../groups/groups.service';
import { RoutingCache } from '../relay/routing/routing-cache';

/**
 * The price list (spec 001 §7): built from memory on every call. The routing table and the options are
 * refreshed on every replica by their change notices, so a price or channel change shows within a second.
 */
@Injectable()
export class PricingService {
  constructor(
    private readonly routing: RoutingCache,
    private readonly prices: PriceCalculator,
    private readonly groups: GroupsService,
  ) {}

  /** Models served by an enabled channel; groups usable by the caller (a visitor: UserUsableGroups). */
  async list(userId: number | null, locale: Locale): Promise<PricingList> {
    const usable =
      userId === null
        ? this.visitorGroups(locale)
        : Object.entries(await this.groups.usableGroupsOf(userId, locale)).map(
            ([name, { desc }]) => [name, desc] as const,
          );
    return {
      data: [...this.routing.table().groupsByModel()].map(([model, groups]) => this.describe(model, groups)),
      group_ratio: Object.fromEntries(usable.map(([name]) => [name, this.groups.ratioOf(name)])),
      usable_group: Object.fromEntries(usable),
    };
  }

  private visitorGroups(locale: Locale): Array<readonly [string, string]> {
    return Object.entries(this.groups.usableGroups('', locale));
  }

  private describe(model: string, groups: string[]): ModelPricing {
    const price = this.prices.listPrice(model);
    return {
      model_name: model,
      quota_type: price.modelPrice === null ? QuotaType.PerToken : QuotaType.PerRequest,
      model_ratio: price.modelRatio,
      completion_ratio: price.completionRatio,
      model_price: price.modelPrice ?? 0,
      enable_groups: groups,
    };
  }
}
