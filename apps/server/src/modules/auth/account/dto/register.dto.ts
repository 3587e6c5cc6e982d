import { type RegisterRequest } from '@tollgate/contracts';
import { OptionalText } from '../../../../common/validation/validation.decorators';

// Lengths and emptiness are business rules with the spec's messages (users module, registration service);
// the caps here only keep absurd input out.
export class RegisterDto implements RegisterRequest {
  @OptionalText(100)
  username = '';

  @OptionalText(100)
  password = '';

  @OptionalText(100)
  email?: string;

  @OptionalText(32)
  verification_code?: string;

  @OptionalText(32)
  aff_code?: string;
}
