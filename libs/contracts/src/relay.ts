/** OpenAI's error body on every relay failure; `message` ends with ` (request id: <id>)`. */
export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** One entry of GET /v1/models (OpenAI's Model object). */
export interface OpenAiModel {
  id: string;
  object: 'model';
  /** Epoch seconds: when the first channel serving the model was created. */
  created: number;
  owned_by: string;
}

/** GET /v1/models: the models of the token's group, limited by the token's model limits. */
export interface OpenAiModelList {
  object: 'list';
  data: OpenAiModel[];
}
