import { IsBoolean, IsOptional } from 'class-validator';
import { OptionalText } from '../../users/dto/optional-text.decorator';

export class SetupDto {
  // Presence and length carry the spec's own messages, so they are checked by the service.
  @OptionalText(100)
  username = '';

  @OptionalText(100)
  password = '';

  @OptionalText(100)
  confirmPassword = '';

  @IsOptional()
  @IsBoolean()
  SelfUseModeEnabled = false;

  @IsOptional()
  @IsBoolean()
  DemoSiteEnabled = false;
}
