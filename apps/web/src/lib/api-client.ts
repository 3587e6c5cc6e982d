import { USER_ID_HEADER, type Envelope } from '@tollgate/contracts';
import { currentLanguage, i18n } from '../i18n/i18n';
import { clearUser, readUser } from './storage';

export type ApiErrorKind =
  | 'business'
  | 'unauthorized'
  | 'forbidden'
  | 'rate-limited'
  | 'server'
  | 'http'
  | 'network'
  | 'invalid-response';

/** Every failed call rejects with this; `message` is already localised and fit to show. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type SessionExpiredHandler = (loginHref: string) => void;

let onSessionExpired: SessionExpiredHandler = (loginHref) => window.location.assign(loginHref);

/** The app registers the router's navigation here so a 401 does not reload the page. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

function loginHref(returnTo: string): string {
  const query = new URLSearchParams({ expired: 'true', returnTo });
  return `/login?${query.toString()}`;
}

type QueryValue = string | number | boolean | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  Object.entries(query ?? {}).forEach(([key, value]) => {
    if (value !== undefined) params.set(key, String(value));
  });
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function buildHeaders(hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  const user = readUser();
  if (user) headers.set(USER_ID_HEADER, String(user.id));
  if (hasBody) headers.set('Content-Type', 'application/json');
  return headers;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).success === 'boolean';
}

async function readEnvelope(response: Response): Promise<Envelope | null> {
  try {
    const body = (await response.json()) as unknown;
    return isEnvelope(body) ? body : null;
  } catch {
    return null;
  }
}

function expireSession(): void {
  clearUser();
  const { pathname, search } = window.location;
  if (pathname === '/login') return;
  onSessionExpired(loginHref(pathname + search));
}

function httpError(status: number, envelope: Envelope | null): ApiError {
  switch (status) {
    case 401:
      return new ApiError(i18n.t('auth.expired'), 'unauthorized', status);
    case 403:
      return new ApiError(envelope?.message || i18n.t('errors.http', { status }), 'forbidden', status);
    case 429:
      return new ApiError(i18n.t('errors.tooManyRequests'), 'rate-limited', status);
    case 500:
      return new ApiError(i18n.t('errors.serverInternal'), 'server', status);
    // A proxy in front (Vite in development, a load balancer in production) answers these when the server is
    // down, with no envelope; the server itself answers 503 with one (e.g. Redis unreachable) that says why.
    case 502:
    case 503:
    case 504:
      return new ApiError(envelope?.message || i18n.t('errors.network'), 'network', status);
    default:
      return new ApiError(envelope?.message || i18n.t('errors.http', { status }), 'http', status);
  }
}

/** Sends one console call and returns the whole envelope of a successful answer. */
export async function requestEnvelope<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers: buildHeaders(hasBody),
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(i18n.t('errors.network'), 'network');
  }
  const envelope = await readEnvelope(response);
  if (response.status === 401) expireSession();
  if (!response.ok) throw httpError(response.status, envelope);
  if (!envelope) throw new ApiError(i18n.t('errors.invalidResponse'), 'invalid-response', response.status);
  if (!envelope.success) throw new ApiError(envelope.message, 'business', response.status);
  return envelope as Envelope<T>;
}

/** Sends one console call and returns its `data`. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const envelope = await requestEnvelope<T>(path, options);
  return envelope.data as T;
}

export const apiClient = {
  get: <T>(path: string, query?: RequestOptions['query']) => request<T>(path, { query }),
  post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
};
