import { Body, Controller, Delete, Get, Headers, HttpCode, Post, Put } from '@nestjs/common';
import { type CheckInResult, type CheckInStatus, type SelfUser, type UserSetting } from '@tollgate/contracts';
import { type Caller, CurrentCaller } from '../../common/decorators/auth.decorators';
import { localeFrom } from '../../common/i18n/locale';
import { CurrentSessionToken } from '../auth/session-cookie';
import { AffTransferDto, DeleteSelfDto, UpdateSelfDto, UserSettingDto } from './dto/user-self.dto';
import { toSelfUser } from './user.mapper';
import { UserRewardsService } from './user-rewards.service';
import { UserSelfService } from './user-self.service';

/** A signed-in user's own account, invitation and check-in. */
@Controller('api/user')
export class UsersController {
  constructor(
    private readonly self: UserSelfService,
    private readonly rewards: UserRewardsService,
  ) {}

  @Get('self')
  async getSelf(@CurrentCaller() caller: Caller): Promise<SelfUser> {
    return toSelfUser(await this.self.get(caller.id));
  }

  @Put('self')
  async updateSelf(
    @CurrentCaller() caller: Caller,
    @Body() body: UpdateSelfDto,
    @CurrentSessionToken() sessionToken: string | null,
  ): Promise<SelfUser> {
    return toSelfUser(await this.self.update(caller.id, body, sessionToken));
  }

  @Delete('self')
  deleteSelf(@CurrentCaller() caller: Caller, @Body() body: DeleteSelfDto): Promise<void> {
    return this.self.delete(caller.id, body.password);
  }

  /** A new system access token for the management API (never the relay); the old one stops working. */
  @Get('token')
  accessToken(@CurrentCaller() caller: Caller): Promise<string> {
    return this.self.regenerateAccessToken(caller.id);
  }

  @Put('setting')
  updateSetting(@CurrentCaller() caller: Caller, @Body() body: UserSettingDto): Promise<UserSetting> {
    return this.self.updateSetting(caller.id, body);
  }

  @Get('aff')
  affCode(@CurrentCaller() caller: Caller): Promise<string> {
    return this.rewards.affCode(caller.id);
  }

  @Post('aff_transfer')
  @HttpCode(200)
  transferAffQuota(
    @CurrentCaller() caller: Caller,
    @Body() body: AffTransferDto,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<void> {
    return this.rewards.transferAffQuota(caller.id, body.quota, localeFrom(acceptLanguage));
  }

  @Get('check_in_status')
  checkInStatus(@CurrentCaller() caller: Caller): Promise<CheckInStatus> {
    return this.rewards.checkInStatus(caller.id);
  }

  @Post('check_in')
  @HttpCode(200)
  checkIn(
    @CurrentCaller() caller: Caller,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<CheckInResult> {
    return this.rewards.checkIn(caller.id, localeFrom(acceptLanguage));
  }
}
