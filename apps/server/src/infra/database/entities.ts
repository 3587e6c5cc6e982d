import { AbilityEntity } from '../../modules/channels/ability.entity';
import { ChannelEntity } from '../../modules/channels/channel.entity';
import { SessionEntity } from '../../modules/auth/session.entity';
import { OptionEntity } from '../../modules/options/option.entity';
import { SetupEntity } from '../../modules/setup/setup.entity';
import { UserEntity } from '../../modules/users/user.entity';
import { LogEntity } from '../../modules/logs/log.entity';
import { QuotaDataEntity } from '../../modules/logs/dashboard/quota-data.entity';
import { LedgerCursorEntity } from '../../modules/billing/ledger-cursor.entity';
import { RedemptionUseEntity } from '../../modules/redemptions/redemption-use.entity';
import { RedemptionEntity } from '../../modules/redemptions/redemption.entity';
import { TokenEntity } from '../../modules/tokens/token.entity';
import { TopUpOrderEntity } from '../../modules/payments/top-up-order.entity';
import { MessageEntity } from '../../modules/messages/message.entity';
import { MessageRecipientEntity } from '../../modules/messages/message-recipient.entity';
import { TaskEntity } from '../../modules/tasks/task.entity';

/** Every table the app owns; a module adding an entity adds it here and writes a migration for each dialect. */
export const ENTITIES = [
  UserEntity,
  SessionEntity,
  OptionEntity,
  SetupEntity,
  ChannelEntity,
  AbilityEntity,
  TokenEntity,
  RedemptionEntity,
  RedemptionUseEntity,
  LogEntity,
  QuotaDataEntity,
  LedgerCursorEntity,
  TopUpOrderEntity,
  MessageEntity,
  MessageRecipientEntity,
  TaskEntity,
];
