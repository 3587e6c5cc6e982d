import { Controller, Get, Headers } from '@nestjs/common';
import { Role, type UsableGroups } from '@tollgate/contracts';
import { type Caller, CurrentCaller, Roles } from '../../common/decorators/auth.decorators';
import { localeFrom } from '../../common/i18n/locale';
import { ChannelsService } from '../channels/channels.service';
import { GroupsService } from './groups.service';

@Controller('api')
export class GroupsController {
  constructor(
    private readonly groups: GroupsService,
    private readonly channels: ChannelsService,
  ) {}

  /** Every group name known to pricing, for admin pickers. */
  @Get('group')
  @Roles(Role.Admin)
  list(): string[] {
    return this.groups.names();
  }

  /** The groups the caller may put on a token or pick in the playground. */
  @Get('user/self/groups')
  selfGroups(
    @CurrentCaller() caller: Caller,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<UsableGroups> {
    return this.groups.usableGroupsOf(caller.id, localeFrom(acceptLanguage));
  }

  /** Models the caller can call: served by an enabled channel in one of the caller's usable groups. */
  @Get('user/models')
  async models(@CurrentCaller() caller: Caller): Promise<string[]> {
    const groups = Object.keys(await this.groups.usableGroupsOf(caller.id, 'en'));
    return this.channels.enabledModels(groups);
  }
}
