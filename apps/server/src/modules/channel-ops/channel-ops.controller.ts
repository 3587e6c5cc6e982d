import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  type ChannelBalanceAnswer,
  type ChannelOpsProgress,
  type ChannelTestAnswer,
  CHANNEL_OPS_MESSAGES,
  Role,
} from '@tollgate/contracts';
import { Roles } from '../../common/decorators/auth.decorators';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { formatText, type Locale } from '../../common/i18n/locale';
import { IdParamDto } from '../../common/validation/id-param.dto';
import { RequestLocale } from '../auth/request-locale.decorator';
import { ChannelBalances } from './channel-balances';
import { ChannelOpsRuns } from './channel-ops-runs';
import { ChannelTester } from './channel-tester';
import { ChannelTestQueryDto, FetchModelsDto } from './dto/channel-ops.dto';
import { ModelLists } from './model-lists';

/**
 * Channel operations that talk to providers (spec 001 §7 Channels, reference §6; administrators only).
 * Test and balance answers carry their figure beside success and message, as the established gateways do.
 */
@Controller('api/channel')
@Roles(Role.Admin)
export class ChannelOpsController {
  constructor(
    private readonly tester: ChannelTester,
    private readonly balances: ChannelBalances,
    private readonly runs: ChannelOpsRuns,
    private readonly models: ModelLists,
  ) {}

  /** Queues a test of every channel; answers the progress record the console then polls. */
  @Get('test')
  testAll(): Promise<ChannelOpsProgress> {
    return this.runs.start('test');
  }

  @Get('test/progress')
  testProgress(): Promise<ChannelOpsProgress> {
    return this.runs.progress('test');
  }

  @Get('test/:id')
  @RawResponse()
  async test(
    @Param() params: IdParamDto,
    @Query() query: ChannelTestQueryDto,
    @RequestLocale() locale: Locale,
  ): Promise<ChannelTestAnswer> {
    const { ok, issue, elapsedMs } = await this.tester.testOne(params.id, query.model);
    const message = issue ? formatText(CHANNEL_OPS_MESSAGES[issue.code][locale], issue.params) : '';
    return { success: ok, message, time: elapsedMs / 1000 };
  }

  /** Queues a balance refresh of every enabled channel. */
  @Get('update_balance')
  updateAllBalances(): Promise<ChannelOpsProgress> {
    return this.runs.start('balance');
  }

  @Get('update_balance/progress')
  balanceProgress(): Promise<ChannelOpsProgress> {
    return this.runs.progress('balance');
  }

  @Get('update_balance/:id')
  @RawResponse()
  async updateBalance(@Param() params: IdParamDto): Promise<ChannelBalanceAnswer> {
    return { success: true, message: '', balance: await this.balances.updateOne(params.id) };
  }

  @Get('fetch_models/:id')
  fetchModels(@Param() params: IdParamDto): Promise<string[]> {
    return this.models.ofChannel(params.id);
  }

  @Post('fetch_models')
  @HttpCode(200)
  fetchDraftModels(@Body() body: FetchModelsDto): Promise<string[]> {
    return this.models.ofDraft({ type: body.type, key: body.key ?? '', baseUrl: body.base_url });
  }
}
