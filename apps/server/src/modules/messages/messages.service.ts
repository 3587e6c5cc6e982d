import { Injectable } from '@nestjs/common';
import { MessageFormat } from '@tollgate/contracts';
import { type PageQueryDto, pageWindow } from '../../common/http/pagination';
import { nowSeconds } from '../../infra/database/columns';
import { type CreateMessageDto, type MessageFieldsDto, type MessageSearchQueryDto } from './dto/message.dto';
import { type MessageEntity } from './message.entity';
import { messageError } from './messages.errors';
import { type Audience, MessagesRepository, type RecipientRow } from './messages.repository';

/** Administrators write messages to chosen users or to everyone (spec 001 §7 Messages). */
@Injectable()
export class MessagesService {
  constructor(private readonly messages: MessagesRepository) {}

  async listPage(
    page: PageQueryDto,
    search?: MessageSearchQueryDto,
  ): Promise<{ items: MessageEntity[]; total: number }> {
    const filter = {
      keyword: search?.keyword?.trim() || undefined,
      from: search?.start_date || undefined,
      to: search?.end_date || undefined,
    };
    const [items, total] = await this.messages.listPage(pageWindow(page), filter);
    return { items, total };
  }

  async get(id: number): Promise<MessageEntity> {
    const message = await this.messages.findById(id);
    if (!message) throw messageError('message_not_found');
    return message;
  }

  /** Nothing is stored when a rule refuses: the recipient rows and the message share one transaction. */
  async create(authorId: number, input: CreateMessageDto): Promise<MessageEntity> {
    const fields = checkFields(input);
    const audience = resolveAudience(input);
    const now = nowSeconds();
    return this.messages.create(
      { ...fields, authorId, createdAt: now, updatedAt: now },
      audience,
      (delivered) => {
        if (audience.kind === 'everyone') {
          if (delivered === 0) throw messageError('recipients_required');
        } else if (delivered !== audience.ids.length) throw messageError('recipients_missing');
      },
    );
  }

  /** Title, content and format change; the recipients stay those it was sent to. */
  async update(id: number, input: MessageFieldsDto): Promise<MessageEntity> {
    const stored = await this.get(id);
    const fields = checkFields({ ...input, format: input.format ?? stored.format });
    if (!(await this.messages.update(id, { ...fields, updatedAt: nowSeconds() })))
      throw messageError('message_not_found');
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.messages.delete(id))) throw messageError('message_not_found');
  }

  async recipientsPage(id: number, page: PageQueryDto): Promise<{ items: RecipientRow[]; total: number }> {
    await this.get(id);
    const [items, total] = await this.messages.recipientsPage(id, pageWindow(page));
    return { items, total };
  }
}

function checkFields(input: MessageFieldsDto): Pick<MessageEntity, 'title' | 'content' | 'format'> {
  const title = input.title?.trim() ?? '';
  if (!title) throw messageError('title_required');
  const content = input.content ?? '';
  if (!content.trim()) throw messageError('content_required');
  return { title, content, format: input.format ?? MessageFormat.Markdown };
}

function resolveAudience(input: CreateMessageDto): Audience {
  if (input.all_users === true) return { kind: 'everyone' };
  const ids = [...new Set(input.user_ids ?? [])];
  if (!ids.length) throw messageError('recipients_required');
  return { kind: 'users', ids };
}
