import { Controller, Get, Query } from '@nestjs/common';
import { Role, type TaskItem, type TaskPage, TaskPlatform } from '@tollgate/contracts';
import { type Caller, CurrentCaller, Roles } from '../../common/decorators/auth.decorators';
import { pageWindow, toPage } from '../../common/http/pagination';
import { AdminTaskPageQueryDto, TaskPageQueryDto } from './dto/task-query.dto';
import { type TaskEntity } from './task.entity';
import { type TaskFilter, TasksRepository } from './tasks.repository';

const ownFilter = (query: TaskPageQueryDto): TaskFilter => ({
  platform: TaskPlatform.Suno,
  taskId: query.task_id,
  start: query.start_timestamp,
  end: query.end_timestamp,
});

/** Task logs (spec 001 §7; Suno's, drawing logs are /api/mj): every user's tasks for administrators, the caller's own for anyone. */
@Controller('api/task')
export class TasksController {
  constructor(private readonly tasks: TasksRepository) {}

  @Get()
  @Roles(Role.Admin)
  async list(@Query() query: AdminTaskPageQueryDto): Promise<TaskPage> {
    const filter = { ...ownFilter(query), channelId: query.channel_id };
    const [rows, total] = await this.tasks.listPage(filter, pageWindow(query));
    return toPage(rows.map(adminItem), total, query);
  }

  @Get('self')
  async listOwn(@CurrentCaller() caller: Caller, @Query() query: TaskPageQueryDto): Promise<TaskPage> {
    const [rows, total] = await this.tasks.listPage(
      { ...ownFilter(query), userId: caller.id },
      pageWindow(query),
    );
    return toPage(rows.map(ownItem), total, query);
  }
}

/** A user's own view: no channel or user id. */
function ownItem(task: TaskEntity): TaskItem {
  return {
    id: task.id,
    created_at: task.createdAt,
    updated_at: task.updatedAt,
    task_id: task.taskId,
    platform: task.platform,
    quota: task.quota,
    action: task.action,
    status: task.status,
    fail_reason: task.failReason,
    submit_time: task.submitTime,
    start_time: task.startTime,
    finish_time: task.finishTime,
    progress: task.progress,
    data: JSON.parse(task.data) as unknown,
  };
}

const adminItem = (task: TaskEntity): TaskItem => ({
  ...ownItem(task),
  user_id: task.userId,
  channel_id: task.channelId,
});
