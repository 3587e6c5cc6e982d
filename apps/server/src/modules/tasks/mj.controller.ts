import { Controller, Get, Query } from '@nestjs/common';
import { type DrawingPage, Role, TaskPlatform } from '@tollgate/contracts';
import { type Caller, CurrentCaller, Roles } from '../../common/decorators/auth.decorators';
import { pageWindow, toPage } from '../../common/http/pagination';
import { AdminDrawingPageQueryDto, DrawingPageQueryDto } from './dto/drawing-query.dto';
import { toDrawingItem } from './mj-tasks';
import { MjService } from './mj.service';
import { type TaskFilter, TasksRepository } from './tasks.repository';

// The drawing pages send milliseconds; tasks keep seconds.
const ownFilter = (query: DrawingPageQueryDto): TaskFilter => ({
  platform: TaskPlatform.Midjourney,
  taskId: query.mj_id,
  start: query.start_timestamp === undefined ? undefined : Math.floor(query.start_timestamp / 1000),
  end: query.end_timestamp === undefined ? undefined : Math.floor(query.end_timestamp / 1000),
});

/** Drawing logs (spec 001 §7): every user's Midjourney tasks for administrators, the caller's own for anyone. */
@Controller('api/mj')
export class MjController {
  constructor(
    private readonly tasks: TasksRepository,
    private readonly mj: MjService,
  ) {}

  @Get()
  @Roles(Role.Admin)
  async list(@Query() query: AdminDrawingPageQueryDto): Promise<DrawingPage> {
    const filter = { ...ownFilter(query), channelId: query.channel_id };
    const [rows, total] = await this.tasks.listPage(filter, pageWindow(query));
    const forwardTo = this.mj.forwardTo();
    return toPage(
      rows.map((task) => toDrawingItem(task, forwardTo, true)),
      total,
      query,
    );
  }

  @Get('self')
  async listOwn(@CurrentCaller() caller: Caller, @Query() query: DrawingPageQueryDto): Promise<DrawingPage> {
    const filter = { ...ownFilter(query), userId: caller.id };
    const [rows, total] = await this.tasks.listPage(filter, pageWindow(query));
    const forwardTo = this.mj.forwardTo();
    return toPage(
      rows.map((task) => toDrawingItem(task, forwardTo, false)),
      total,
      query,
    );
  }
}
