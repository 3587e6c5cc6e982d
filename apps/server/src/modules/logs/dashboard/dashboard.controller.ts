import { Controller, Get, Query } from '@nestjs/common';
import { type QuotaDataEntry, Role } from '@tollgate/contracts';
import { type Caller, CurrentCaller, Roles } from '../../../common/decorators/auth.decorators';
import { DashboardService } from './dashboard.service';
import { DashboardAdminQueryDto, DashboardRangeDto } from './dto/dashboard-query.dto';

/** The data dashboard's buckets (reference §10): every user's for administrators, one's own for a user. */
@Controller('api/data')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @Roles(Role.Admin)
  all(@Query() query: DashboardAdminQueryDto): Promise<QuotaDataEntry[]> {
    return this.dashboard.forAdmin(query);
  }

  @Get('self')
  self(@CurrentCaller() caller: Caller, @Query() query: DashboardRangeDto): Promise<QuotaDataEntry[]> {
    return this.dashboard.forSelf(caller.id, query);
  }
}
