import { type PasswordResetConfirmRequest } from '@tollgate/contracts';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class ResetConfirmDto implements PasswordResetConfirmRequest {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  email = '';

  @IsOptional()
  @IsString()
  @MaxLength(100)
  token = '';
}
