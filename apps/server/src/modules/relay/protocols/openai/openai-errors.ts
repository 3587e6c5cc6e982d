import { type OpenAiErrorBody } from '@tollgate/contracts';
import { isJsonObject } from '../../../../common/json';

type Json = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const scalar = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

// Reference §1.5: the first non-empty of these fields names the failure when the body is not OpenAI-shaped.
function messageOf(json: Json): string | null {
  const error = json.error;
  const header = json.header;
  const response = json.response;
  const nested = isJsonObject(response) && isJsonObject(response.error) ? response.error.message : undefined;
  return (
    (isJsonObject(error) ? text(error.message) : null) ??
    text(json.message) ??
    text(json.msg) ??
    text(typeof error === 'string' ? error : undefined) ??
    text(json.err) ??
    text(json.error_msg) ??
    (isJsonObject(header) ? text(header.message) : null) ??
    text(nested)
  );
}

/** The caller's error body for an upstream answer with this status and raw text (not yet redacted). */
export function upstreamErrorBody(status: number, raw: string): OpenAiErrorBody {
  const json = parse(raw);
  if (isJsonObject(json) && isJsonObject(json.error) && text(json.error.message) !== null) {
    const error = json.error;
    return {
      error: {
        message: String(error.message),
        type: text(error.type) ?? 'upstream_error',
        param: scalar(error.param),
        code: scalar(error.code),
      },
    };
  }
  return {
    error: {
      message: (isJsonObject(json) ? messageOf(json) : null) ?? `bad response status code ${status}`,
      type: 'upstream_error',
      param: String(status),
      code: 'bad_response_status_code',
    },
  };
}
