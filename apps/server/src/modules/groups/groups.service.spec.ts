import { type OptionKey } from '@tollgate/contracts';
import { type OptionsService } from '../options/options.service';
import { type UsersService } from '../users/users.service';
import { GroupsService } from './groups.service';

const service = (options: Partial<Record<OptionKey, unknown>>) =>
  new GroupsService(
    { getJson: (key: OptionKey) => options[key] } as unknown as OptionsService,
    {} as UsersService,
  );

describe('groups', () => {
  const groups = service({
    GroupRatio: { default: 1, vip: 1.5, svip: 0.8 },
    UserUsableGroups: { default: '默认分组', vip: 'vip分组', gone: 'not priced' },
  });

  it('prices known groups and bills unknown ones at list price', () => {
    expect(groups.ratioOf('vip')).toBe(1.5);
    expect(groups.ratioOf('nobody')).toBe(1);
    expect(groups.ratioOf('constructor')).toBe(1);
    expect(groups.names()).toEqual(['default', 'vip', 'svip']);
  });

  it('offers the configured groups plus the user own group, priced groups only', () => {
    expect(groups.usableGroups('default')).toEqual({ default: '默认分组', vip: 'vip分组' });
    expect(groups.usableGroups('svip', 'en')).toEqual({
      default: '默认分组',
      vip: 'vip分组',
      svip: 'user group',
    });
    expect(groups.usableGroups('unpriced')).toEqual({ default: '默认分组', vip: 'vip分组' });
    expect(groups.isUsable('svip', 'default')).toBe(false);
    expect(groups.isUsable('toString', 'default')).toBe(false);
    expect(groups.isUsable('svip', 'svip')).toBe(true);
  });
});
