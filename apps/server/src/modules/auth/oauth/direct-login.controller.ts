import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { type OAuthBindResult, type SelfUser } from '@tollgate/contracts';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type Caller, CurrentCaller, Public } from '../../../common/decorators/auth.decorators';
import { EmailVerificationService } from '../account/email-verification.service';
import { CriticalRoute } from '../critical-route.decorator';
import { answerSignIn } from '../sign-in-answer';
import { EmailBindQueryDto, TelegramLoginQueryDto, WeChatCodeQueryDto } from './dto/direct-login-query.dto';
import { TelegramLoginService } from './telegram-login.service';
import { WeChatLoginService } from './wechat-login.service';

/**
 * Logins and binds without a redirect round trip (reference §8.4): a WeChat code, the Telegram widget's
 * signed fields, and an email code. Login routes are public; bind routes need the signed-in caller.
 */
@Controller('api/oauth')
@CriticalRoute()
export class DirectLoginController {
  constructor(
    private readonly wechat: WeChatLoginService,
    private readonly telegram: TelegramLoginService,
    private readonly emails: EmailVerificationService,
  ) {}

  @Public()
  @Get('wechat')
  async wechatLogin(
    @Query() query: WeChatCodeQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SelfUser> {
    return answerSignIn(request, reply, await this.wechat.signIn(query.code));
  }

  @Get('wechat/bind')
  async wechatBind(
    @Query() query: WeChatCodeQueryDto,
    @CurrentCaller() caller: Caller,
  ): Promise<OAuthBindResult> {
    await this.wechat.bind(caller.id, query.code);
    return { bound: 'wechat' };
  }

  @Public()
  @Get('telegram/login')
  async telegramLogin(
    @Query() query: TelegramLoginQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SelfUser> {
    return answerSignIn(request, reply, await this.telegram.signIn(query));
  }

  @Get('telegram/bind')
  async telegramBind(
    @Query() query: TelegramLoginQueryDto,
    @CurrentCaller() caller: Caller,
  ): Promise<OAuthBindResult> {
    await this.telegram.bind(caller.id, query);
    return { bound: 'telegram' };
  }

  @Get('email/bind')
  async emailBind(
    @Query() query: EmailBindQueryDto,
    @CurrentCaller() caller: Caller,
  ): Promise<OAuthBindResult> {
    await this.emails.bindEmail(caller.id, query.email, query.code);
    return { bound: 'email' };
  }
}
