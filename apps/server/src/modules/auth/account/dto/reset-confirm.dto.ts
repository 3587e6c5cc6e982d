import { type PasswordResetConfirmRequest } from '@tollgate/contracts';
import { OptionalText } from '../../../../common/validation/validation.decorators';

export class ResetConfirmDto implements PasswordResetConfirmRequest {
  @OptionalText(100)
  email = '';

  @OptionalText(100)
  token = '';
}
