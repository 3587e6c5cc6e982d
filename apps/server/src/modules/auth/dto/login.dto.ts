import { IsOptional, IsString, MaxLength } from 'class-validator';

export class LoginDto {
  // Emptiness is a business rule with the spec's own message, checked by the service.
  @IsOptional()
  @IsString()
  @MaxLength(100)
  username = '';

  @IsOptional()
  @IsString()
  @MaxLength(100)
  password = '';
}
