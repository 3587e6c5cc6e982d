import { OptionalText } from '../../../common/validation/validation.decorators';

export class LoginDto {
  // Emptiness is a business rule with the spec's own message, checked by the service.
  @OptionalText(100)
  username = '';

  @OptionalText(100)
  password = '';
}
