import { SessionEntity } from '../../modules/auth/session.entity';
import { OptionEntity } from '../../modules/options/option.entity';
import { SetupEntity } from '../../modules/options/setup.entity';
import { UserEntity } from '../../modules/users/user.entity';

/** Every table the app owns; a module adding an entity adds it here and writes a migration for each dialect. */
export const ENTITIES = [UserEntity, SessionEntity, OptionEntity, SetupEntity];
