import { Controller, Get, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  type OAuthAuthorization,
  type OAuthCallbackResult,
  type OAuthCodeProvider,
} from '@tollgate/contracts';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type Caller, Public } from '../../../common/decorators/auth.decorators';
import { CriticalRoute } from '../critical-route.decorator';
import { OptionalCaller, OptionalCallerGuard } from '../optional-caller';
import { readSignedCookie, setSignedCookie } from '../session-cookie';
import { answerSignIn } from '../sign-in-answer';
import { CodeProviderParamDto, OAuthCallbackQueryDto, OAuthStartQueryDto } from './dto/oauth-query.dto';
import { OAUTH_STATE_TTL_SECONDS } from './oauth-state.service';
import { OAuthService } from './oauth.service';

/** Ties a state to the browser that asked for it; only the OAuth routes see it. */
const STATE_COOKIE = 'oauth_state';
const STATE_COOKIE_PATH = '/api/oauth';

/**
 * Authorization-code logins (reference §8.4). Public, but a signed-in caller (session plus the console's
 * user-id header) binds instead of signing in.
 */
@Controller('api/oauth')
@Public()
@UseGuards(OptionalCallerGuard)
@CriticalRoute()
export class OAuthController {
  constructor(private readonly oauth: OAuthService) {}

  /** The bare state, for a console that builds the provider address itself. */
  @Get('state')
  async state(
    @Query() query: OAuthStartQueryDto,
    @OptionalCaller() caller: Caller | null,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const state = await this.oauth.createState(query.aff, caller);
    setSignedCookie(request, reply, STATE_COOKIE, state, OAUTH_STATE_TTL_SECONDS, STATE_COOKIE_PATH);
    return state;
  }

  /** The provider's sign-in address built here, with PKCE for OIDC. */
  @Get('authorize/:provider')
  async authorize(
    @Param() params: CodeProviderParamDto,
    @Query() query: OAuthStartQueryDto,
    @OptionalCaller() caller: Caller | null,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OAuthAuthorization> {
    const authorization = await this.oauth.authorize(params.provider, query.aff, caller);
    setSignedCookie(
      request,
      reply,
      STATE_COOKIE,
      authorization.state,
      OAUTH_STATE_TTL_SECONDS,
      STATE_COOKIE_PATH,
    );
    return authorization;
  }

  @Get('github')
  github(
    @Query() query: OAuthCallbackQueryDto,
    @OptionalCaller() caller: Caller | null,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OAuthCallbackResult> {
    return this.callback('github', query, caller, request, reply);
  }

  @Get('oidc')
  oidc(
    @Query() query: OAuthCallbackQueryDto,
    @OptionalCaller() caller: Caller | null,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OAuthCallbackResult> {
    return this.callback('oidc', query, caller, request, reply);
  }

  @Get('linuxdo')
  linuxdo(
    @Query() query: OAuthCallbackQueryDto,
    @OptionalCaller() caller: Caller | null,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OAuthCallbackResult> {
    return this.callback('linuxdo', query, caller, request, reply);
  }

  private async callback(
    provider: OAuthCodeProvider,
    query: OAuthCallbackQueryDto,
    caller: Caller | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<OAuthCallbackResult> {
    const browserState = readSignedCookie(request, STATE_COOKIE);
    const outcome = await this.oauth.complete(provider, query, browserState, caller);
    void reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
    return outcome.kind === 'login'
      ? answerSignIn(request, reply, outcome.login)
      : { bound: outcome.provider };
  }
}
