import { Injectable } from '@nestjs/common';
import { type UsableGroups } from '@tollgate/contracts';
import { commonError } from '../../common/errors/common.errors';
import { type Locale } from '../../common/i18n/locale';
import { OptionsService } from '../options/options.service';
import { UsersService } from '../users/users.service';

// The caller's own group is always usable; it is described like this when UserUsableGroups does not name it.
const OWN_GROUP_DESC: Record<Locale, string> = { zh: '用户分组', en: 'user group' };

/** Groups come from options: GroupRatio prices them, UserUsableGroups says which ones users may pick. */
@Injectable()
export class GroupsService {
  constructor(
    private readonly options: OptionsService,
    private readonly users: UsersService,
  ) {}

  /** Every priced group (GroupRatio keys). */
  names(): string[] {
    return Object.keys(this.groupRatios());
  }

  /** Price multiplier of a group; a group missing from GroupRatio is billed at list price. */
  ratioOf(group: string): number {
    const ratios = this.groupRatios();
    // Own keys only: a group named like an Object.prototype member must not resolve to it.
    return Object.hasOwn(ratios, group) ? ratios[group] : 1;
  }

  /** Group name → description of the groups a user of `userGroup` may use, limited to priced groups. */
  usableGroups(userGroup: string, locale: Locale = 'zh'): Record<string, string> {
    const ratios = this.groupRatios();
    const candidates = new Map(
      Object.entries(this.options.getJson<Record<string, string>>('UserUsableGroups')),
    );
    if (userGroup && !candidates.has(userGroup)) candidates.set(userGroup, OWN_GROUP_DESC[locale]);
    return Object.fromEntries([...candidates].filter(([name]) => Object.hasOwn(ratios, name)));
  }

  /** The usable groups of a user with each group's ratio (GET /api/user/self/groups). */
  async usableGroupsOf(userId: number, locale: Locale): Promise<UsableGroups> {
    const user = await this.users.findActiveById(userId);
    if (!user) throw commonError('unauthenticated');
    return Object.fromEntries(
      Object.entries(this.usableGroups(user.group, locale)).map(([name, desc]) => [
        name,
        { desc, ratio: this.ratioOf(name) },
      ]),
    );
  }

  isUsable(group: string, userGroup: string): boolean {
    return Object.hasOwn(this.usableGroups(userGroup), group);
  }

  private groupRatios(): Record<string, number> {
    return this.options.getJson<Record<string, number>>('GroupRatio');
  }
}
