import { Role } from '@tollgate/contracts';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../common/http/pagination';
import { IsId, IsQuota, Omittable, OptionalText } from '../../../common/validation/validation.decorators';

// Types only; the account rules and their spec messages are applied by the service.
// Type checks sit next to the property: they run first, so a wrong type is named before its bounds.

export class UserSearchQueryDto extends PageQueryDto {
  @OptionalText(100)
  keyword?: string;

  @OptionalText(64)
  group?: string;
}

export class CreateUserDto {
  @OptionalText(200)
  username?: string;

  @OptionalText(200)
  password?: string;

  @OptionalText(200)
  display_name?: string;

  @Omittable()
  @IsIn([Role.Common, Role.Admin, Role.Root])
  role?: number;
}

export class UpdateUserDto {
  @IsId()
  id: number;

  @OptionalText(200)
  username?: string;

  @OptionalText(200)
  display_name?: string;

  @OptionalText(200)
  password?: string;

  @OptionalText(200)
  group?: string;

  @Omittable()
  @IsQuota()
  quota?: number;
}

export class ManageUserDto {
  @IsId()
  id: number;

  @MaxLength(20)
  @IsString()
  action: string;
}
