import { Injectable } from '@nestjs/common';

const TIMEOUT_MS = 5_000;

/** How the client proves itself at the token endpoint: GitHub takes JSON, Linux DO HTTP Basic, OIDC form fields. */
export type ClientAuthStyle = 'json-body' | 'form-body' | 'basic';

export interface CodeExchange {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  code: string;
  redirectUri: string;
  style: ClientAuthStyle;
  codeVerifier?: string;
}

/** A provider call failed; the message names the step and status, never a token or secret. */
export class OAuth2Error extends Error {}

type Json = Record<string, unknown>;

async function readJson(response: Response, step: string): Promise<Json> {
  const text = await response.text();
  try {
    const body: unknown = JSON.parse(text);
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) return body as Json;
  } catch {
    // fall through: not JSON
  }
  throw new OAuth2Error(`${step} answered HTTP ${response.status} without a JSON object`);
}

/**
 * The OAuth2 authorization-code exchange shared by GitHub and Linux DO (and OIDC without discovery).
 * A few lines of fetch instead of passport: Nest on Fastify has no session glue for it, and the state
 * lives in our shared cache anyway.
 */
@Injectable()
export class OAuth2Client {
  /** Trades the code for an access token. */
  async exchangeCode(exchange: CodeExchange): Promise<string> {
    const fields: Record<string, string> = {
      grant_type: 'authorization_code',
      code: exchange.code,
      redirect_uri: exchange.redirectUri,
      ...(exchange.codeVerifier ? { code_verifier: exchange.codeVerifier } : {}),
    };
    const credentials = { client_id: exchange.clientId, client_secret: exchange.clientSecret };
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: string;
    if (exchange.style === 'json-body') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify({ ...fields, ...credentials });
    } else if (exchange.style === 'form-body') {
      body = new URLSearchParams({ ...fields, ...credentials }).toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    } else {
      // RFC 6749 §2.3.1: both parts form-encoded before base64.
      const pair = `${encodeURIComponent(exchange.clientId)}:${encodeURIComponent(exchange.clientSecret)}`;
      headers.Authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(fields).toString();
    }
    const response = await this.call(exchange.tokenUrl, { method: 'POST', headers, body }, 'token endpoint');
    const payload = await readJson(response, 'token endpoint');
    const token = payload.access_token;
    if (response.ok && typeof token === 'string' && token) return token;
    const reason = typeof payload.error === 'string' ? ` (${payload.error})` : '';
    throw new OAuth2Error(`token endpoint refused the code: HTTP ${response.status}${reason}`);
  }

  /** The signed-in person's profile from a user-info endpoint. */
  async fetchProfile(url: string, accessToken: string): Promise<Json> {
    const headers = {
      Accept: 'application/json',
      Authorization: `Bearer ${accessToken}`,
      'User-Agent': 'Tollgate',
    };
    const response = await this.call(url, { headers }, 'user endpoint');
    if (!response.ok) throw new OAuth2Error(`user endpoint answered HTTP ${response.status}`);
    return readJson(response, 'user endpoint');
  }

  private async call(url: string, init: RequestInit, step: string): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new OAuth2Error(`${step} unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
