import { performance } from 'node:perf_hooks';
import { Injectable } from '@nestjs/common';
import { GatewayMetrics } from '../../infra/metrics/gateway-metrics';
import { PriceCalculator } from '../billing/price-calculator';
import { QuotaLedger } from '../billing/quota-ledger';
import { UsageRecorder } from '../billing/usage-recorder';
import { type RelayEndpoint } from './protocols/protocol';
import { countText, parseRelayRequest, type RelayRequest } from './requests/relay-request';
import { type NativeRoute, parseNativeRequest } from './requests/native-requests';
import { type UpstreamSuccess } from './upstream/relay-attempts';
import { errorLogOf } from './logging/relay-error-log';
import { RelayRateLimits } from './checks/relay-rate-limits';
import { SensitiveWordCheck } from './checks/sensitive-words';
import { OptionsService } from '../options/options.service';
import { codecFor } from './protocols/codecs';
import { OPENAI_CODEC } from './protocols/openai/openai-codec';
import { type Json, type Protocol } from './protocols/protocol';
import { UNREAD_PASS_THROUGH } from './streams/sse-forwarder';
import { STREAM_CONTENT_TYPES, streamReader } from './streams/stream-reader';
import { keepAliveFor } from './streams/keep-alive';
import { type RelayReply } from './streams/stream-writer';
import { type RelayCaller, TokenAuthenticator } from './auth/token-authenticator';
import { RelayReservations } from './relay-reservations';
import { RelaySettlements, type Settlement } from './relay-settlements';
import { transportFailure, UpstreamFailure } from './providers/upstream-failure';
import { jsonObjectOr } from '../../common/json';

// A body this large (hundreds of kilobytes of prompt) costs milliseconds a step (counting, the sensitive-word
// scan, the upstream body's serialisation) on the one event loop: between steps, other callers get their turn.
// Judged by the body's bytes, not its tokens: counting them is itself one of the costly steps.
const HUGE_BODY_BYTES = 400_000;
const letOthersIn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** What a controller asks the relay for: an OpenAI endpoint, or a provider's native route. */
export type RelayTarget = RelayEndpoint | NativeRoute;

export const protocolOfTarget = (target: RelayTarget): Protocol =>
  typeof target === 'string' ? 'openai' : target.protocol;

/** One call a controller hands the relay. */
export interface RelayCall {
  /** An OpenAI endpoint, or a native route (Anthropic Messages, Gemini generateContent). */
  target: RelayTarget;
  caller: RelayCaller;
  body: unknown;
  /** The caller's bytes, when global.pass_through_request_enabled sends them upstream as they are. */
  passThroughBody?: Buffer | null;
  /** The size of the caller's body in bytes, when known (a huge one lets other callers in between steps). */
  bodyBytes?: number;
}

/**
 * The relay hot path (DESIGN §4): check, price, reserve, call upstream (with retries), answer, then settle
 * to the exact cost and log. A failure before the answer refunds the reservation.
 */
@Injectable()
export class RelayService {
  constructor(
    private readonly authenticator: TokenAuthenticator,
    private readonly prices: PriceCalculator,
    private readonly ledger: QuotaLedger,
    private readonly recorder: UsageRecorder,
    private readonly settlements: RelaySettlements,
    private readonly reservations: RelayReservations,
    private readonly limits: RelayRateLimits,
    private readonly sensitiveWords: SensitiveWordCheck,
    private readonly options: OptionsService,
    private readonly metrics: GatewayMetrics,
  ) {}

  /** Every failure that reaches the caller is also an error log (type 6, when LogErrorEnabled). */
  async relay(relayed: RelayCall, requestId: string, reply: RelayReply): Promise<void> {
    const startedAt = Date.now();
    const clock = performance.now();
    try {
      await this.run(relayed, requestId, reply, startedAt, clock);
    } catch (error) {
      const { target, caller, body } = relayed;
      const call = {
        path: typeof target === 'string' ? target : target.path,
        caller,
        body,
        requestId,
        startedAt,
        ip: reply.callerIp,
        locale: reply.locale,
      };
      const log = errorLogOf(error, call);
      this.recorder.recordError(log);
      // Counted by the model only once a channel was picked for it: a caller cannot make up label values.
      const model = log.channelId === 0 ? '' : log.modelName;
      const seconds = (performance.now() - clock) / 1000;
      this.metrics.relayCall(call.path, log.other.status_code, model, log.channelId, seconds);
      // The log above keeps the provider's words; the caller may get only the status.
      if (error instanceof UpstreamFailure && this.options.getBoolean('global.hide_upstream_error_enabled'))
        throw error.withHiddenText();
      throw error;
    }
  }

  private async run(
    { target, caller, body, passThroughBody, bodyBytes = 0 }: RelayCall,
    requestId: string,
    reply: RelayReply,
    startedAt: number,
    clock: number,
  ): Promise<void> {
    const admission = await this.limits.admit(caller);
    const request =
      typeof target === 'string' ? parseRelayRequest(target, body) : parseNativeRequest(target, body);
    if (passThroughBody) request.passThroughBody = passThroughBody;
    this.authenticator.checkModel(caller, request.model);
    const huge = bodyBytes > HUGE_BODY_BYTES;
    if (huge) await letOthersIn();
    this.sensitiveWords.check(caller.group, request.body);
    const listed = this.prices.priceFor(
      request.model,
      caller.group,
      caller.user.setting.accept_unset_model_ratio_model,
    );
    const price = request.imageOrder ? this.prices.imagePrice(listed, request.imageOrder) : listed;
    const { reservation, success } = await this.reservations.reserveAndCall(
      caller,
      request,
      this.prices.estimateReservation(price, request),
      reply.signal,
      huge ? letOthersIn : undefined,
    );
    // Recorded before the body is forwarded, so the caller's next request already sees it.
    await this.limits.succeeded(admission);
    const settlement = {
      caller,
      request,
      price,
      reservation,
      success,
      requestId,
      startedAt,
      clock,
      ip: reply.callerIp,
    };
    const streamed =
      request.answer === 'sse' || request.answer === 'json-array' || request.answer === 'bytes';
    if (streamed) await this.stream(settlement, reply);
    else await this.answer(settlement, reply);
    const seconds = (performance.now() - clock) / 1000;
    const status = streamed ? 200 : success.response.status;
    this.metrics.relayCall(request.path, status, request.model, success.selection.channel.id, seconds);
  }

  private async answer(settlement: Settlement, reply: RelayReply): Promise<void> {
    const { success, request } = settlement;
    let text: string;
    try {
      text = await success.response.body.text();
    } catch {
      await this.ledger.refund(settlement.reservation);
      throw transportFailure();
    }
    const frt = Date.now() - settlement.startedAt;
    this.firstByte(settlement);
    if (success.reshape) return this.answerReshaped(settlement, reply, success.reshape(parseJson(text)), frt);
    const upstream = codecFor(success.protocol);
    const json = parseJson(text);
    // Transcripts may be subtitles or plain text: they keep the provider's content type and are their own text.
    const transcript = request.answer === 'transcript';
    // The answer's text is read only when needed: no usage to bill from, or chat content to log.
    const output = () => (transcript && json === null ? text : upstream.textOfAnswer(json));
    const usage = upstream.usageOfAnswer(json) ?? {
      promptTokens: request.promptTokens,
      completionTokens: countText(output()),
    };
    // Settled before the caller has the answer: a process that dies now has either charged it or not sent it.
    await this.settlements.settle(settlement, usage, frt, output);
    if (transcript) reply.sendBody(success.response.status, contentTypeOf(success.response), text);
    else if (request.reshapeAnswer)
      reply.sendJson(success.response.status, JSON.stringify(request.reshapeAnswer(jsonObjectOr(json))));
    else if (request.inbound === success.protocol) reply.sendJson(success.response.status, text);
    else reply.sendJson(success.response.status, JSON.stringify(converted(request, success.protocol, json)));
  }

  // Already in the caller's shape with the provider's usage (or the relay's own count) inside.
  private async answerReshaped(settlement: Settlement, reply: RelayReply, answer: Json, frt: number) {
    const { reshapeAnswer } = settlement.request;
    const shaped = reshapeAnswer ? reshapeAnswer(answer) : answer;
    const usage = OPENAI_CODEC.usageOfAnswer(answer) ?? {
      promptTokens: settlement.request.promptTokens,
      completionTokens: 0,
    };
    await this.settlements.settle(settlement, usage, frt, () => '');
    reply.sendJson(settlement.success.response.status, JSON.stringify(shaped));
  }

  // Bytes go to the caller as they arrive; SSE is parsed only to read usage, speech audio not at all (it is
  // billed by its input). A caller that leaves, or an upstream that breaks off, still pays for what was generated.
  // The stream ends only once it is settled.
  private async stream(settlement: Settlement, reply: RelayReply): Promise<void> {
    const { success, request } = settlement;
    const audio = request.answer === 'bytes';
    const forwarder = audio ? UNREAD_PASS_THROUGH : streamReader(request, success);
    let frt = 0;
    reply.startStream(audio ? contentTypeOf(success.response) : STREAM_CONTENT_TYPES[request.answer]);
    const keepAlive = request.answer === 'sse' ? keepAliveFor(this.options, reply) : null;
    try {
      try {
        for await (const chunk of success.response.body as AsyncIterable<Buffer>) {
          if (frt === 0) {
            frt = Date.now() - settlement.startedAt;
            this.firstByte(settlement);
          }
          const piece = forwarder.push(chunk);
          keepAlive?.wrote(piece);
          await reply.write(piece);
          if (reply.signal.aborted) break;
        }
        await reply.write(forwarder.finish());
      } catch {
        // The upstream broke off mid-stream: the caller keeps what it got and is billed for it.
      } finally {
        // Whether it finished, broke off or the caller left: no ping after the last event.
        keepAlive?.stop();
        reply.keepUntilEnd();
      }
      const usage = forwarder.usage ?? {
        promptTokens: request.promptTokens,
        completionTokens: countText(forwarder.text),
      };
      await this.settlements.settle(settlement, usage, frt, () => forwarder.text);
    } finally {
      success.response.body.destroy();
      reply.end();
    }
  }

  private firstByte(settlement: Settlement): void {
    this.metrics.relayFirstByte(settlement.request.path, (performance.now() - settlement.clock) / 1000);
  }
}

/** A whole answer in another protocol than the caller's, through the pivot. */
function converted(request: RelayRequest, protocol: Protocol, answer: unknown): Json {
  const pivot = codecFor(protocol).answerToPivot(jsonObjectOr(answer));
  return codecFor(request.inbound).answerFromPivot(pivot, request.model);
}

function contentTypeOf(response: UpstreamSuccess['response']): string {
  return response.headers['content-type'] ?? 'application/octet-stream';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
