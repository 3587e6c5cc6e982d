import { type RegisterRequest } from '@tollgate/contracts';
import { IsOptional, IsString, MaxLength } from 'class-validator';

// Lengths and emptiness are business rules with the spec's messages (users module, registration service);
// the caps here only keep absurd input out.
export class RegisterDto implements RegisterRequest {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  username = '';

  @IsOptional()
  @IsString()
  @MaxLength(100)
  password = '';

  @IsOptional()
  @IsString()
  @MaxLength(100)
  email?: string;

  @IsOptional()
  @IsString()
  @MaxLength(32)
  verification_code?: string;

  @IsOptional()
  @IsString()
  @MaxLength(32)
  aff_code?: string;
}
