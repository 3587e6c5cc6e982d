import { Controller, Delete, Get, Query } from '@nestjs/common';
import { type LogPage, type LogStat, Role } from '@tollgate/contracts';
import { type Caller, CurrentCaller, Roles } from '../../common/decorators/auth.decorators';
import { pageWindow } from '../../common/http/pagination';
import { AdminLogPageQueryDto, LogDeleteQueryDto, LogPageQueryDto } from './dto/log-query.dto';
import { type LogFilter } from './log-queries';
import { LogsService } from './logs.service';

const ownFilter = (query: LogPageQueryDto): LogFilter => ({
  type: query.type,
  tokenName: query.token_name,
  modelName: query.model_name,
  group: query.group,
  start: query.start_timestamp,
  end: query.end_timestamp,
});

const adminFilter = (query: AdminLogPageQueryDto): LogFilter => ({
  ...ownFilter(query),
  username: query.username,
  channel: query.channel,
});

/** Usage logs (spec 001 §7 Logs): every user's rows for administrators, a caller's own rows for anyone. */
@Controller('api/log')
export class LogsController {
  constructor(private readonly logs: LogsService) {}

  @Get()
  @Roles(Role.Admin)
  list(@Query() query: AdminLogPageQueryDto): Promise<LogPage> {
    return this.logs.listPage(adminFilter(query), pageWindow(query), 'admin');
  }

  @Get('self')
  listOwn(@CurrentCaller() caller: Caller, @Query() query: LogPageQueryDto): Promise<LogPage> {
    return this.logs.listPage({ ...ownFilter(query), userId: caller.id }, pageWindow(query), 'own');
  }

  @Get('stat')
  @Roles(Role.Admin)
  stat(@Query() query: AdminLogPageQueryDto): Promise<LogStat> {
    return this.logs.stat(adminFilter(query));
  }

  @Get('self/stat')
  statOwn(@CurrentCaller() caller: Caller, @Query() query: LogPageQueryDto): Promise<LogStat> {
    return this.logs.stat({ ...ownFilter(query), userId: caller.id });
  }

  /** Answers how many rows were deleted. */
  @Delete()
  @Roles(Role.Admin)
  deleteBefore(@Query() query: LogDeleteQueryDto): Promise<number> {
    return this.logs.deleteBefore(query.target_timestamp);
  }
}
