// Asynchronous tasks submitted through the gateway's relay as the Midjourney-proxy and Suno clients do.

interface MjSubmitAnswer {
  code: number;
  description: string;
  result: string;
}

interface SunoSubmitAnswer {
  code: string;
  message: string;
  data: string;
}

async function postJson<T>(url: string, headers: Record<string, string>, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** POST /mj/submit/imagine with the token in mj-api-secret; answers the proxy's task id (accepted: code 1). */
export async function submitImagine(baseUrl: string, key: string, prompt: string): Promise<string> {
  const answer = await postJson<MjSubmitAnswer>(
    `${baseUrl}/mj/submit/imagine`,
    { 'mj-api-secret': key },
    { prompt },
  );
  if (answer.code !== 1 || answer.result === '')
    throw new Error(`imagine refused: ${JSON.stringify(answer)}`);
  return answer.result;
}

/** POST /suno/submit/{MUSIC|LYRICS} with the token as a Bearer key; answers the task id. */
export async function submitSuno(
  baseUrl: string,
  key: string,
  action: 'MUSIC' | 'LYRICS',
  prompt: string,
): Promise<string> {
  const answer = await postJson<SunoSubmitAnswer>(
    `${baseUrl}/suno/submit/${action}`,
    { authorization: `Bearer ${key}` },
    action === 'MUSIC' ? { gpt_description_prompt: prompt, mv: 'chirp-v3-5' } : { prompt },
  );
  if (answer.code !== 'success') throw new Error(`suno ${action} refused: ${JSON.stringify(answer)}`);
  return answer.data;
}
