import { Controller, Get, Param, Put, Query } from '@nestjs/common';
import { type InboxMessage, type MarkReadResult, type Page, type UnreadCount } from '@tollgate/contracts';
import { type Caller, CurrentCaller } from '../../common/decorators/auth.decorators';
import { PageQueryDto, toPage } from '../../common/http/pagination';
import { IdParamDto } from '../../common/validation/id-param.dto';
import { InboxService } from './inbox.service';
import { toInboxMessage } from './messages.mapper';

/** The signed-in user's inbox (spec 001 §7 Messages): own messages only. */
@Controller('api/user/messages')
export class InboxController {
  constructor(private readonly inbox: InboxService) {}

  @Get()
  async page(@CurrentCaller() caller: Caller, @Query() query: PageQueryDto): Promise<Page<InboxMessage>> {
    const { items, total } = await this.inbox.page(caller.id, query);
    return toPage(items.map(toInboxMessage), total, query);
  }

  /** Polled every 30 s by the console's badge. */
  @Get('unread_count')
  async unreadCount(@CurrentCaller() caller: Caller): Promise<UnreadCount> {
    return { unread_count: await this.inbox.unreadCount(caller.id) };
  }

  @Get(':id')
  async get(@CurrentCaller() caller: Caller, @Param() params: IdParamDto): Promise<InboxMessage> {
    return toInboxMessage(await this.inbox.get(caller.id, params.id));
  }

  @Put(':id/read')
  async markRead(@CurrentCaller() caller: Caller, @Param() params: IdParamDto): Promise<MarkReadResult> {
    return { read_at: await this.inbox.markRead(caller.id, params.id) };
  }
}
