import { OptionalText } from '../../../../common/validation/validation.decorators';

/** GET /api/verification?email= and GET /api/reset_password?email= (the `turnstile` token is read by its guard). */
export class EmailQueryDto {
  @OptionalText(100)
  email = '';
}
