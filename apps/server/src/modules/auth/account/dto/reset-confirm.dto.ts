import { type PasswordResetConfirmRequest } from '@tollgate/contracts';
import { OptionalText } from '../../../users/dto/optional-text.decorator';

export class ResetConfirmDto implements PasswordResetConfirmRequest {
  @OptionalText(100)
  email = '';

  @OptionalText(100)
  token = '';
}
