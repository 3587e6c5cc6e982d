import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { type SelfUser } from '@tollgate/contracts';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { Public } from '../../common/decorators/auth.decorators';
import { toSelfUser } from '../users/user.mapper';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from './session.service';

// passthrough: the handler only sets the session cookie; Nest still sends the envelope.
@Controller('api/user')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(
    @Body() body: LoginDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SelfUser> {
    const { user, sessionToken } = await this.auth.login(body.username.trim(), body.password, request.ip);
    void reply.setCookie(SESSION_COOKIE, sessionToken, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      signed: true,
      maxAge: SESSION_TTL_SECONDS,
    });
    return toSelfUser(user);
  }

  @Public()
  @Get('logout')
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const cookie = request.cookies[SESSION_COOKIE];
    const unsigned = cookie ? request.unsignCookie(cookie) : null;
    if (unsigned?.valid && unsigned.value) await this.auth.logout(unsigned.value);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }
}
