// What the native providers remember between requests, per mock instance.
import { type MjBook } from './midjourney';
import { type SunoBook } from './suno';
import { VertexAuthority, type VertexServiceAccount } from './vertex-auth';
import { DEFAULT_WORKER_KEY } from './worker';

export interface BedrockCredential {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface NativeOptions {
  vertexServiceAccounts?: readonly VertexServiceAccount[]; // who may exchange a JWT at POST /token
  vertexTokenTtlSeconds?: number; // lifetime of issued access tokens (default 3600)
  bedrockCredentials?: readonly BedrockCredential[]; // SigV4 keys Bedrock accepts
  workerKey?: string; // the key POST /__mock/worker accepts (default DEFAULT_WORKER_KEY)
}

export interface MockState {
  vertex: VertexAuthority;
  bedrockSecrets: ReadonlyMap<string, string>; // access key id → secret access key
  // Hashes of Anthropic prompt prefixes ending at a cache_control block: seen once = cached.
  promptCache: Set<string>;
  // Suno tasks submitted, by id.
  suno: SunoBook;
  // Midjourney tasks submitted, by id.
  mj: MjBook;
  // The key the URL-fetching worker accepts.
  workerKey: string;
}

export const DEFAULT_VERTEX_TOKEN_TTL_SECONDS = 3600;

export function createState(options: NativeOptions): MockState {
  return {
    vertex: new VertexAuthority(
      options.vertexServiceAccounts ?? [],
      options.vertexTokenTtlSeconds ?? DEFAULT_VERTEX_TOKEN_TTL_SECONDS,
    ),
    bedrockSecrets: new Map(
      (options.bedrockCredentials ?? []).map((c) => [c.accessKeyId, c.secretAccessKey]),
    ),
    promptCache: new Set(),
    suno: new Map(),
    mj: new Map(),
    workerKey: options.workerKey ?? DEFAULT_WORKER_KEY,
  };
}
