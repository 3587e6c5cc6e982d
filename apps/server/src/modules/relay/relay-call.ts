import { type FastifyReply, type FastifyRequest } from 'fastify';
import { localeFrom } from '../../common/i18n/locale';
import { codecFor } from './protocols/codecs';
import { type RelayCall, type RelayService, protocolOfTarget } from './relay.service';
import { requestIdOf } from './errors/request-id';
import { RelayReply } from './streams/stream-writer';
import { UpstreamFailure } from './providers/upstream-failure';

/**
 * Runs one relayed call for a controller. Gateway refusals are thrown to the error filter; a provider's refusal
 * is answered here in the caller's protocol, with Retry-After when it sent one on a 429.
 */
export async function answerRelayCall(
  relays: RelayService,
  call: RelayCall,
  request: FastifyRequest,
  response: FastifyReply,
): Promise<void> {
  const requestId = requestIdOf(request, response);
  const reply = new RelayReply(response, requestId);
  try {
    await relays.relay(call, requestId, reply);
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    if (error.status === 429 && error.retryAfter !== null)
      void response.header('retry-after', error.retryAfter);
    const answer = error.answer(requestId, localeFrom(request.headers['accept-language']));
    reply.sendError(
      error.status,
      codecFor(protocolOfTarget(call.target)).errorFromPivot(error.status, answer),
    );
  }
}
