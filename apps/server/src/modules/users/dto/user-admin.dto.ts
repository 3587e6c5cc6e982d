import { Role } from '@tollgate/contracts';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../common/http/pagination';
import { OptionalText } from './optional-text.decorator';

// Types only; the account rules and their spec messages are applied by the service.
// Type checks sit next to the property: they run first, so a wrong type is named before its bounds.

export class UserSearchQueryDto extends PageQueryDto {
  @OptionalText(100)
  keyword?: string;

  @OptionalText(64)
  group?: string;
}

export class UserIdParamDto {
  @Type(() => Number)
  @Min(1)
  @IsInt()
  id: number;
}

export class CreateUserDto {
  @OptionalText(200)
  username?: string;

  @OptionalText(200)
  password?: string;

  @OptionalText(200)
  display_name?: string;

  @IsOptional()
  @IsIn([Role.Common, Role.Admin, Role.Root])
  role?: number;
}

export class UpdateUserDto {
  @Min(1)
  @IsInt()
  id: number;

  @OptionalText(200)
  username?: string;

  @OptionalText(200)
  display_name?: string;

  @OptionalText(200)
  password?: string;

  @OptionalText(200)
  group?: string;

  @IsOptional()
  @Min(-Number.MAX_SAFE_INTEGER)
  @Max(Number.MAX_SAFE_INTEGER)
  @IsInt()
  quota?: number;
}

export class ManageUserDto {
  @Min(1)
  @IsInt()
  id: number;

  @MaxLength(20)
  @IsString()
  action: string;
}
