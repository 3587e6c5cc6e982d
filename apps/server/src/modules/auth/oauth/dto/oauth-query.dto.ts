import { OAUTH_CODE_PROVIDERS, type OAuthCodeProvider } from '@tollgate/contracts';
import { IsIn } from 'class-validator';
import { OptionalText } from '../../../../common/validation/validation.decorators';

/** GET /api/oauth/state?aff= and /api/oauth/authorize/{provider}?aff= */
export class OAuthStartQueryDto {
  @OptionalText(32)
  aff = '';
}

export class CodeProviderParamDto {
  @IsIn(OAUTH_CODE_PROVIDERS)
  provider: OAuthCodeProvider;
}

/** GET /api/oauth/{github|oidc|linuxdo}?code=&state=[&iss=] */
export class OAuthCallbackQueryDto {
  // Missing values are business errors with their own messages.
  @OptionalText(2048)
  code = '';

  @OptionalText(128)
  state = '';

  @OptionalText(512)
  iss?: string;
}
