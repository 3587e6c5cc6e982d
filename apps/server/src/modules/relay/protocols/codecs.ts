import { CLAUDE_CODEC } from './claude/claude-codec';
import { GEMINI_CODEC } from './gemini/gemini-codec';
import { OPENAI_CODEC } from './openai/openai-codec';
import { type Protocol, type ProtocolCodec } from './protocol';

const CODECS: Record<Protocol, ProtocolCodec> = {
  openai: OPENAI_CODEC,
  claude: CLAUDE_CODEC,
  gemini: GEMINI_CODEC,
};

export const codecFor = (protocol: Protocol): ProtocolCodec => CODECS[protocol];
