// The cloud hosts' model lists: Bedrock's ListFoundationModels (GET /foundation-models, SigV4) and Vertex AI
// Model Garden's publisher lists (GET /v1beta1/publishers/{publisher}/models, a token from POST /token).
import { bedrockError, parseAuthorization } from './bedrock-dialect';
import { type MockContext } from './context';
import { headerText, sendRefusal } from './dialect';
import { positiveInt } from './fields';
import { googleError } from './gemini-dialect';
import { sendJson } from './reply';

type Modality = 'TEXT' | 'IMAGE' | 'EMBEDDING';

// [modelId, modelName, providerName, output modality, inference types]. Claude 3.7 on is reachable on demand
// only through cross-region inference profiles, as on AWS.
export const BEDROCK_FOUNDATION_MODELS: ReadonlyArray<
  readonly [string, string, string, Modality, readonly string[]]
> = [
  ['anthropic.claude-3-haiku-20240307-v1:0', 'Claude 3 Haiku', 'Anthropic', 'TEXT', ['ON_DEMAND']],
  ['anthropic.claude-3-5-sonnet-20240620-v1:0', 'Claude 3.5 Sonnet', 'Anthropic', 'TEXT', ['ON_DEMAND']],
  [
    'anthropic.claude-3-7-sonnet-20250219-v1:0',
    'Claude 3.7 Sonnet',
    'Anthropic',
    'TEXT',
    ['INFERENCE_PROFILE'],
  ],
  [
    'anthropic.claude-sonnet-4-5-20250929-v1:0',
    'Claude Sonnet 4.5',
    'Anthropic',
    'TEXT',
    ['INFERENCE_PROFILE'],
  ],
  ['meta.llama3-8b-instruct-v1:0', 'Llama 3 8B Instruct', 'Meta', 'TEXT', ['ON_DEMAND']],
  ['amazon.titan-embed-text-v2:0', 'Titan Text Embeddings V2', 'Amazon', 'EMBEDDING', ['ON_DEMAND']],
  ['amazon.titan-image-generator-v2:0', 'Titan Image Generator G1 v2', 'Amazon', 'IMAGE', ['PROVISIONED']],
];

const MODALITIES: readonly string[] = ['TEXT', 'IMAGE', 'EMBEDDING'];

// byOutputModality and byProvider filter as AWS does (the provider name case-insensitively).
export function listFoundationModels(ctx: MockContext): void {
  const modality = ctx.query.get('byOutputModality');
  if (modality !== null && !MODALITIES.includes(modality))
    return sendRefusal(
      ctx.res,
      bedrockError(
        400,
        `1 validation error detected: Value '${modality}' at 'byOutputModality' failed to satisfy constraint: Member must satisfy enum value set: [${MODALITIES.join(', ')}]`,
      ),
      ctx.behaviour,
    );
  const provider = ctx.query.get('byProvider')?.toLowerCase();
  const region = parseAuthorization(headerText(ctx.headers, 'authorization') ?? '')?.region ?? 'us-east-1';
  const modelSummaries = BEDROCK_FOUNDATION_MODELS.filter(
    ([, , providerName, output]) =>
      (modality === null || output === modality) &&
      (provider === undefined || providerName.toLowerCase() === provider),
  ).map(([modelId, modelName, providerName, output, inferenceTypesSupported]) => ({
    modelArn: `arn:aws:bedrock:${region}::foundation-model/${modelId}`,
    modelId,
    modelName,
    providerName,
    inputModalities: ['TEXT'],
    outputModalities: [output],
    responseStreamingSupported: output === 'TEXT',
    customizationsSupported: [],
    inferenceTypesSupported,
    modelLifecycle: { status: 'ACTIVE' },
  }));
  sendJson(ctx.res, 200, { modelSummaries }, ctx.behaviour);
}

// Model Garden names models without their version; Claude's callers add `@<date>`.
export const VERTEX_PUBLISHER_MODELS: Readonly<Record<string, readonly string[]>> = {
  google: ['gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.0-flash-001', 'text-embedding-005'],
  anthropic: ['claude-sonnet-4-5', 'claude-3-7-sonnet', 'claude-3-5-sonnet-v2', 'claude-3-5-haiku'],
};
const DEFAULT_PAGE_SIZE = 100;

// The page token is the offset of the page, opaque to callers as Google's are.
const pageToken = (offset: number): string => Buffer.from(`offset:${offset}`).toString('base64url');

function offsetOf(token: string | null): number | null {
  if (token === null || token === '') return 0;
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString());
  return match === null ? null : Number(match[1]);
}

// pageSize (default 100) and pageToken page the list; an unknown publisher has no models (Google answers {}).
export function listPublisherModels(ctx: MockContext): void {
  const publisher = ctx.params.publisher ?? '';
  const offset = offsetOf(ctx.query.get('pageToken'));
  if (offset === null) return sendRefusal(ctx.res, googleError(400, 'Invalid page token.'), ctx.behaviour);
  const size = positiveInt(ctx.query.get('pageSize') ?? '') ?? DEFAULT_PAGE_SIZE;
  const models = VERTEX_PUBLISHER_MODELS[publisher] ?? [];
  const page = models.slice(offset, offset + size).map((id) => ({
    name: `publishers/${publisher}/models/${id}`,
    versionId: '001',
    openSourceCategory: 'PROPRIETARY',
    launchStage: 'GA',
  }));
  const more = offset + size < models.length;
  sendJson(
    ctx.res,
    200,
    page.length === 0
      ? {}
      : { publisherModels: page, ...(more ? { nextPageToken: pageToken(offset + size) } : {}) },
    ctx.behaviour,
  );
}
