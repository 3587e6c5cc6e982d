import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { type AdminMessage, type MessageRecipient, type Page, Role } from '@tollgate/contracts';
import { type Caller, CurrentCaller, Roles } from '../../common/decorators/auth.decorators';
import { PageQueryDto, toPage } from '../../common/http/pagination';
import { IdParamDto } from '../../common/validation/id-param.dto';
import { CreateMessageDto, MessageFieldsDto, MessageSearchQueryDto } from './dto/message.dto';
import { toAdminMessage, toMessageRecipient } from './messages.mapper';
import { MessagesService } from './messages.service';

/** Message management (spec 001 §7 Messages): administrators only. */
@Controller('api/admin/messages')
@Roles(Role.Admin)
export class MessagesAdminController {
  constructor(private readonly messages: MessagesService) {}

  @Get()
  async list(@Query() query: PageQueryDto): Promise<Page<AdminMessage>> {
    const { items, total } = await this.messages.listPage(query);
    return toPage(items.map(toAdminMessage), total, query);
  }

  @Get('search')
  async search(@Query() query: MessageSearchQueryDto): Promise<Page<AdminMessage>> {
    const { items, total } = await this.messages.listPage(query, query);
    return toPage(items.map(toAdminMessage), total, query);
  }

  @Get(':id')
  async get(@Param() params: IdParamDto): Promise<AdminMessage> {
    return toAdminMessage(await this.messages.get(params.id));
  }

  @Get(':id/recipients')
  async recipients(
    @Param() params: IdParamDto,
    @Query() query: PageQueryDto,
  ): Promise<Page<MessageRecipient>> {
    const { items, total } = await this.messages.recipientsPage(params.id, query);
    return toPage(items.map(toMessageRecipient), total, query);
  }

  @Post()
  @HttpCode(200)
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateMessageDto): Promise<AdminMessage> {
    return toAdminMessage(await this.messages.create(caller.id, body));
  }

  @Put(':id')
  async update(@Param() params: IdParamDto, @Body() body: MessageFieldsDto): Promise<AdminMessage> {
    return toAdminMessage(await this.messages.update(params.id, body));
  }

  @Delete(':id')
  async remove(@Param() params: IdParamDto): Promise<void> {
    await this.messages.remove(params.id);
  }
}
