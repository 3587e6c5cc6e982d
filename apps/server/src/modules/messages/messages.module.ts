import { Module } from '@nestjs/common';
import { InboxController } from './inbox.controller';
import { InboxService } from './inbox.service';
import { MessagesAdminController } from './messages-admin.controller';
import { MessagesRepository } from './messages.repository';
import { MessagesService } from './messages.service';

/** Inbox and admin messages (DESIGN §1 `messages`). */
@Module({
  controllers: [MessagesAdminController, InboxController],
  providers: [MessagesRepository, MessagesService, InboxService],
})
export class MessagesModule {}
