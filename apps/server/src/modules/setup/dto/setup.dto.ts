import { IsBoolean } from 'class-validator';
import { Omittable, OptionalText } from '../../../common/validation/validation.decorators';

export class SetupDto {
  // Presence and length carry the spec's own messages, so they are checked by the service.
  @OptionalText(100)
  username = '';

  @OptionalText(100)
  password = '';

  @OptionalText(100)
  confirmPassword = '';

  @Omittable()
  @IsBoolean()
  SelfUseModeEnabled = false;

  @Omittable()
  @IsBoolean()
  DemoSiteEnabled = false;
}
