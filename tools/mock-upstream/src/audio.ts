// POST /v1/audio/speech and /v1/audio/transcriptions.
import { type MockContext } from './context';
import { invalidRequest } from './errors';
import { stringField } from './fields';
import { sendBody, sendJson } from './reply';

const AUDIO_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
};
const SPEECH_BASE_BYTES = 1024;
// Bytes per second of the uploaded file, for the reported duration.
const TRANSCRIPTION_BYTES_PER_SECOND = 16_000;

// Speech is 1024 + 2 × (input characters) bytes beginning with an MPEG frame sync, whatever the format.
export function speech(ctx: MockContext): void {
  const input = stringField(ctx.body, 'input');
  if (input === undefined || input === '') {
    sendJson(ctx.res, 400, invalidRequest("'input' is required", 'input'), ctx.behaviour);
    return;
  }
  const format = stringField(ctx.body, 'response_format') ?? 'mp3';
  const bytes = Buffer.alloc(SPEECH_BASE_BYTES + 2 * input.length);
  bytes[0] = 0xff;
  bytes[1] = 0xfb;
  sendBody(ctx.res, 200, AUDIO_TYPES[format] ?? AUDIO_TYPES.mp3, bytes, ctx.behaviour);
}

export function transcriptions(ctx: MockContext): void {
  const form = ctx.multipart;
  const file = form?.files.find((f) => f.field === 'file');
  if (!form || !file) {
    sendJson(ctx.res, 400, invalidRequest("'file' is required (multipart/form-data)", 'file'), ctx.behaviour);
    return;
  }
  const text = `mock transcription of ${file.filename} (${file.size} bytes)`;
  const seconds = Math.max(1, Math.ceil(file.size / TRANSCRIPTION_BYTES_PER_SECOND));
  const format = form.fields.response_format ?? 'json';
  if (format === 'text' || format === 'srt' || format === 'vtt') {
    sendBody(ctx.res, 200, 'text/plain; charset=utf-8', text, ctx.behaviour);
    return;
  }
  const usage = ctx.behaviour.noUsage ? {} : { usage: { type: 'duration', seconds } };
  const answer =
    format === 'verbose_json'
      ? { task: 'transcribe', language: 'english', duration: seconds, text, segments: [], ...usage }
      : { text, ...usage };
  sendJson(ctx.res, 200, answer, ctx.behaviour);
}
