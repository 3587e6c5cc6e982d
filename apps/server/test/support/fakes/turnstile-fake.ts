import { listenLocally, readBody, sendJson } from './local-server';

export interface SiteverifyCall {
  secret: string;
  response: string;
  remoteip: string;
}

export interface TurnstileFake {
  verifyUrl: string;
  calls: SiteverifyCall[];
  close(): Promise<void>;
}

/** Cloudflare's siteverify: form POST secret/response/remoteip; tokens starting with "pass" are human. */
export async function startTurnstileFake(secret: string): Promise<TurnstileFake> {
  const calls: SiteverifyCall[] = [];
  const server = await listenLocally((request, response) => {
    void readBody(request).then((body) => {
      const form = new URLSearchParams(body);
      const call = {
        secret: form.get('secret') ?? '',
        response: form.get('response') ?? '',
        remoteip: form.get('remoteip') ?? '',
      };
      calls.push(call);
      const errors = [
        ...(call.secret === secret ? [] : ['invalid-input-secret']),
        ...(call.response.startsWith('pass') ? [] : ['invalid-input-response']),
      ];
      sendJson(response, 200, { success: errors.length === 0, 'error-codes': errors });
    });
  });
  return { verifyUrl: `${server.url}/turnstile/v0/siteverify`, calls, close: server.close };
}
