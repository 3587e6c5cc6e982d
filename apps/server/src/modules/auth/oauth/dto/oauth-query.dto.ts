import { OAUTH_CODE_PROVIDERS, type OAuthCodeProvider } from '@tollgate/contracts';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** GET /api/oauth/state?aff= and /api/oauth/authorize/{provider}?aff= */
export class OAuthStartQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(32)
  aff = '';
}

export class CodeProviderParamDto {
  @IsIn(OAUTH_CODE_PROVIDERS)
  provider: OAuthCodeProvider;
}

/** GET /api/oauth/{github|oidc|linuxdo}?code=&state=[&iss=] */
export class OAuthCallbackQueryDto {
  // Missing values are business errors with their own messages.
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  code = '';

  @IsOptional()
  @IsString()
  @MaxLength(128)
  state = '';

  @IsOptional()
  @IsString()
  @MaxLength(512)
  iss?: string;
}
