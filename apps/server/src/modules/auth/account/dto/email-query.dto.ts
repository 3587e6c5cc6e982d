import { IsOptional, IsString, MaxLength } from 'class-validator';

/** GET /api/verification?email= and GET /api/reset_password?email= (the `turnstile` token is read by its guard). */
export class EmailQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  email = '';
}
