import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { type Page, type Redemption, Role } from '@tollgate/contracts';
import { type Caller, CurrentCaller, Roles } from '../../common/decorators/auth.decorators';
import { PageQueryDto, toPage } from '../../common/http/pagination';
import { IdParamDto } from '../../common/validation/id-param.dto';
import { CreateRedemptionDto } from './dto/create-redemption.dto';
import {
  RedemptionIdsDto,
  RedemptionNameQueryDto,
  RedemptionSearchQueryDto,
  StatusOnlyQueryDto,
} from './dto/redemption-query.dto';
import { UpdateRedemptionDto } from './dto/update-redemption.dto';
import { toRedemption } from './redemptions.mapper';
import { RedemptionsService } from './redemptions.service';

/** Redemption code management: administrators only (spec 001 §6). */
@Controller('api/redemption')
@Roles(Role.Admin)
export class RedemptionsController {
  constructor(private readonly redemptions: RedemptionsService) {}

  @Get()
  async list(@Query() query: PageQueryDto): Promise<Page<Redemption>> {
    const { items, total } = await this.redemptions.listPage(query);
    return toPage(items.map(toRedemption), total, query);
  }

  @Get('search')
  async search(@Query() query: RedemptionSearchQueryDto): Promise<Page<Redemption>> {
    const { items, total } = await this.redemptions.listPage(query, query.keyword);
    return toPage(items.map(toRedemption), total, query);
  }

  @Get('count-by-name')
  countByName(@Query() query: RedemptionNameQueryDto): Promise<number> {
    return this.redemptions.countByName(query.name);
  }

  @Get(':id')
  async get(@Param() params: IdParamDto): Promise<Redemption> {
    return toRedemption(await this.redemptions.get(params.id));
  }

  /** Answers the created codes. */
  @Post()
  @HttpCode(200)
  create(@CurrentCaller() caller: Caller, @Body() body: CreateRedemptionDto): Promise<string[]> {
    return this.redemptions.create(caller.id, body);
  }

  /** Full edit, or `?status_only=true` with {id, status} to enable/disable. */
  @Put()
  async update(@Query() query: StatusOnlyQueryDto, @Body() body: UpdateRedemptionDto): Promise<Redemption> {
    const updated =
      query.status_only === 'true'
        ? await this.redemptions.setStatus(body.id, body.status)
        : await this.redemptions.update(body.id, body);
    return toRedemption(updated);
  }

  @Put('batch-disable')
  batchDisable(@Body() body: RedemptionIdsDto): Promise<number> {
    return this.redemptions.disableMany(body.ids);
  }

  @Delete('delete-disabled')
  deleteDisabled(): Promise<number> {
    return this.redemptions.deleteDisabled();
  }

  @Delete('delete-by-name')
  deleteByName(@Query() query: RedemptionNameQueryDto): Promise<number> {
    return this.redemptions.deleteByName(query.name);
  }

  @Delete(':id')
  async remove(@Param() params: IdParamDto): Promise<void> {
    await this.redemptions.remove(params.id);
  }
}
