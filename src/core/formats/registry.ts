// Every format msgscope reads, in detection order. A new format is one adapter file in its family's
// folder plus one entry here, placed by what its detection must win or yield to.
//
// Detection scores: 0 = not this format; 100 = certainly this format; 50 = a generic shape several
// formats share (role/content dicts), which a format-specific adapter claims by scoring above it.
// The highest score wins; ties go to the earlier adapter.
import { langchainDict } from './langchain/langchainDict';
import { langchainSerialized } from './langchain/langchainSerialized';
import { langchainStored } from './langchain/langchainStored';
import { anthropic } from './anthropic/anthropic';
import { claudeCode } from './anthropic/claudeCode';
import { gemini } from './gemini/gemini';
import { otelGenai } from './otel/otelGenai';
import { openinference } from './otel/openinference';
import { mistral } from './openai/mistral';
import { ollama } from './openai/ollama';
import { openaiChat } from './openai/openaiChat';
import { openaiResponses } from './openai/openaiResponses';
import { agentFrameworkPython } from './microsoft/agentFrameworkPython';
import { meai } from './microsoft/meai';
import { vercelAi } from './vercel/vercelAi';
import { vercelAiUi } from './vercel/vercelAiUi';
import { langsmith } from './langchain/langsmith';
import { inspect } from './inspect/inspect';
import { llamaindex } from './llamaindex/llamaindex';
import { autogen } from './microsoft/autogen';
import { langchainPretty } from './langchain/langchainPretty';
import { langchainRepr } from './langchain/langchainRepr';
import { msgscope } from './msgscope/msgscope';
import type { FormatAdapter, ParsedInput, TextFormatAdapter } from './types';

// The order is the order `msgscope formats` and the app's picker list, and it breaks ties.
const ADAPTERS: readonly FormatAdapter[] = [
  // First: its own export says so (`"format": "msgscope"`), and it holds every other format's raw input.
  msgscope,
  // LangChain's own envelopes (`lc: 1` constructors, `{type, data}` pairs) are unambiguous: 100 or 0.
  langchainSerialized,
  langchainStored,
  // Span exports are recognised by their attribute keys before anyone looks at message shapes.
  otelGenai,
  openinference,
  // OpenAI Chat before the OpenAI-compatible dialects: a plain chat list is OpenAI's; Mistral and
  // Ollama claim a list only by fields of their own, and then OpenAI scores 0.
  openaiChat,
  openaiResponses,
  mistral,
  ollama,
  // Provider-native shapes: Anthropic blocks, Claude Code log entries, Gemini `contents` / `parts`.
  anthropic,
  claudeCode,
  gemini,
  // Microsoft: MEAI's `$type` contents and the Python Agent Framework's `type: "chat_message"`.
  meai,
  agentFrameworkPython,
  // Vercel's part lists: model messages and UI messages share the list finder and differ by part types.
  vercelAi,
  vercelAiUi,
  // Trace and eval containers whose runs, samples or stores hold messages of the shapes above.
  langsmith,
  inspect,
  llamaindex,
  // AutoGen scores 100 on `UserMessage` / `AssistantMessage` type names, as LangChain dicts may: the tie goes to it.
  autogen,
  // Last: role/content dicts score 50 at most, the shape every format above claims by scoring higher.
  langchainDict,
];

/** Formats that are not JSON, asked only when the input does not parse as JSON or JSON Lines. */
const TEXT_ADAPTERS: readonly TextFormatAdapter[] = [langchainRepr, langchainPretty];

export type AnyAdapter = FormatAdapter | TextFormatAdapter;

export function listFormats(): readonly AnyAdapter[] {
  return [...ADAPTERS, ...TEXT_ADAPTERS];
}

export function getAdapter(name: string): AnyAdapter | undefined {
  return listFormats().find((adapter) => adapter.name === name);
}

export function isTextAdapter(adapter: AnyAdapter): adapter is TextFormatAdapter {
  return 'readText' in adapter;
}

/** The best-scoring text format for input that is not JSON, or undefined. */
export function detectTextFormat(text: string): TextFormatAdapter | undefined {
  let best: TextFormatAdapter | undefined;
  let bestScore = 0;
  for (const adapter of TEXT_ADAPTERS) {
    const score = adapter.detectText(text);
    if (score > bestScore) {
      best = adapter;
      bestScore = score;
    }
  }
  return best;
}

/** The best-scoring adapter, or undefined when none recognizes the input. */
export function detectFormat(input: ParsedInput): FormatAdapter | undefined {
  let best: FormatAdapter | undefined;
  let bestScore = 0;
  for (const adapter of ADAPTERS) {
    const score = adapter.detect(input);
    if (score > bestScore) {
      best = adapter;
      bestScore = score;
    }
  }
  return best;
}
