import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { type SelfUser } from '@tollgate/contracts';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { Public } from '../../common/decorators/auth.decorators';
import { AuthService } from './auth.service';
import { CriticalRoute } from './critical-route.decorator';
import { LoginDto } from './dto/login.dto';
import { clearSessionCookie, readSessionToken } from './session-cookie';
import { answerSignIn } from './sign-in-answer';

// passthrough: the handler only sets the session cookie; Nest still sends the envelope.
@Controller('api/user')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @CriticalRoute({ botCheck: true })
  @Post('login')
  @HttpCode(200)
  async login(
    @Body() body: LoginDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SelfUser> {
    const result = await this.auth.login(body.username.trim(), body.password, request.ip);
    return answerSignIn(request, reply, result);
  }

  @Public()
  @Get('logout')
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const token = readSessionToken(request);
    if (token) await this.auth.logout(token);
    clearSessionCookie(reply);
  }
}
