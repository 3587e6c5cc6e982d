import { Controller, Get, Query } from '@nestjs/common';
import { type QuotaDataEntry, type QuotaDataSeries, Role } from '@tollgate/contracts';
import { type Caller, CurrentCaller, Roles } from '../../../common/decorators/auth.decorators';
import { DashboardService } from './dashboard.service';
import { DashboardAdminQueryDto, DashboardRangeDto } from './dto/dashboard-query.dto';

/**
 * The data dashboard's buckets (reference §10): every user's for administrators, one's own for a user; as rows
 * (the reference's answer) or as one series per model (what the console reads).
 */
@Controller('api/data')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @Roles(Role.Admin)
  all(@Query() query: DashboardAdminQueryDto): Promise<QuotaDataEntry[]> {
    return this.dashboard.forAdmin(query);
  }

  @Get('series')
  @Roles(Role.Admin)
  allSeries(@Query() query: DashboardAdminQueryDto): Promise<QuotaDataSeries> {
    return this.dashboard.seriesForAdmin(query);
  }

  @Get('self')
  self(@CurrentCaller() caller: Caller, @Query() query: DashboardRangeDto): Promise<QuotaDataEntry[]> {
    return this.dashboard.forSelf(caller.id, query);
  }

  @Get('self/series')
  selfSeries(@CurrentCaller() caller: Caller, @Query() query: DashboardRangeDto): Promise<QuotaDataSeries> {
    return this.dashboard.seriesForSelf(caller.id, query);
  }
}
