/** Log entry types (spec 001 §3). Ours: 5 check-in, 6 error (upstream numbers differ). */
export const LogType = {
  Unknown: 0,
  TopUp: 1,
  Consume: 2,
  Manage: 3,
  System: 4,
  CheckIn: 5,
  Error: 6,
} as const;
export type LogType = (typeof LogType)[keyof typeof LogType];

/** A usage log row on the wire (GET /api/log/…). `other` is JSON text. */
export interface LogEntry {
  id: number;
  created_at: number;
  type: number;
  content: string;
  username: string;
  user_id: number;
  token_name: string;
  token_id: number;
  model_name: string;
  group: string;
  channel: number;
  channel_name: string;
  is_stream: boolean;
  use_time: number;
  prompt_tokens: number;
  completion_tokens: number;
  quota: number;
  other: string;
  ip: string;
}
