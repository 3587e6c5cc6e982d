import { OptionalText } from '../../../users/dto/optional-text.decorator';

/** GET /api/verification?email= and GET /api/reset_password?email= (the `turnstile` token is read by its guard). */
export class EmailQueryDto {
  @OptionalText(100)
  email = '';
}
