import { Body, Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type Caller, CurrentCaller, Public } from '../../common/decorators/auth.decorators';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { PlaygroundSessionGuard } from './playground/playground-session.guard';
import { playgroundRequest } from './playground/playground-request';
import { answerRelayCall } from './relay-call';
import { RelayService } from './relay.service';
import { TokenAuthenticator } from './auth/token-authenticator';

/**
 * The console's playground (reference §1.1, spec 001 §7): a signed-in user chats through the relay pipeline,
 * billed to the user alone and logged as token `playground-{group}`. Answers and errors are OpenAI's shapes.
 */
@Public()
@RawResponse()
@UseGuards(PlaygroundSessionGuard)
@Controller('pg')
export class PlaygroundController {
  constructor(
    private readonly authenticator: TokenAuthenticator,
    private readonly relays: RelayService,
  ) {}

  @Post('chat/completions')
  @HttpCode(200)
  async chat(
    @CurrentCaller() session: Caller,
    @Body() body: unknown,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const { group, chatBody } = playgroundRequest(body);
    const caller = await this.authenticator.authenticateUser(session.id, group);
    await answerRelayCall(this.relays, { target: '/v1/chat/completions', caller, body: chatBody }, req, res);
  }
}
