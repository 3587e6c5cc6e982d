import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

export class SetupDto {
  // Presence and length carry the spec's own messages, so they are checked by the service.
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
  confirmPassword = '';

  @IsOptional()
  @IsBoolean()
  SelfUseModeEnabled = false;

  @IsOptional()
  @IsBoolean()
  DemoSiteEnabled = false;
}
