import { type OpenAiErrorBody } from '@tollgate/contracts';

// Keys made of parts (AccessKey|SecretKey|Region) may leak part by part; short parts (a region) are no secret.
const SECRET_PART_MIN = 8;

/** Every channel key, plus the long parts of composite keys: what no upstream message may carry on. */
export const secretsOf = (keys: readonly string[]): string[] => [
  ...keys,
  ...keys.flatMap((key) => key.split('|')).filter((part) => part.length >= SECRET_PART_MIN),
];

/** Every secret replaced by ***, so no upstream message can carry a key to a caller, the console or the logs. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => (secret === '' ? out : out.replaceAll(secret, '***')), text);
}

export function redactErrorBody(body: OpenAiErrorBody, secrets: readonly string[]): OpenAiErrorBody {
  const { error } = body;
  return {
    error: {
      message: redactSecrets(error.message, secrets),
      type: error.type,
      param: error.param === null ? null : redactSecrets(error.param, secrets),
      code: error.code === null ? null : redactSecrets(error.code, secrets),
    },
  };
}
