// Every format msgscope reads, in detection order. A new format is one adapter file in its family's
// folder plus one entry here, placed by what its detection must win or yield to.
//
// Detection scores: 0 = not this format; 100 = certainly this format; 50 = a generic shape several
// formats share (role/content dicts), which a format-specific adapter claims by scoring above it.
// The highest score wins; ties go to the earlier adapter.
import { guarded, guardedText } from './common/guard';
import { langchainDict } from './langchain/langchainDict';
import { langchainSerialized } from './langchain/langchainSerialized';
import { langchainStored } from './langchain/langchainStored';
import { anthropic } from './anthropic/anthropic';
import { claudeCode } from './anthropic/claudeCode';
import { anthropicManagedAgents } from './anthropic/anthropicManagedAgents';
import { gemini } from './gemini/gemini';
import { geminiInteractions } from './gemini/geminiInteractions';
import { otelGenai } from './otel/otelGenai';
import { vercelAiSpans } from './vercel/vercelAiSpans';
import { openinference } from './otel/openinference';
import { mistral } from './openai/mistral';
import { ollama } from './openai/ollama';
import { openaiChat } from './openai/openaiChat';
import { openaiResponses } from './openai/openaiResponses';
import { agentFrameworkPython } from './microsoft/agentFrameworkPython';
import { meai } from './microsoft/meai';
import { vercelAi } from './vercel/vercelAi';
import { vercelAiUi } from './vercel/vercelAiUi';
import { sseAnthropic } from './anthropic/sseAnthropic';
import { sseOpenaiChat } from './openai/sseOpenaiChat';
import { sseOpenaiResponses } from './openai/sseOpenaiResponses';
import { sseGemini } from './gemini/sseGemini';
import { sseGeminiInteractions } from './gemini/sseGeminiInteractions';
import { vercelAiUiStream } from './vercel/vercelAiUiStream';
import { langsmith } from './langchain/langsmith';
import { langsmithIngest } from './langchain/langsmithIngest';
import { langgraphStream } from './langchain/langgraphStream';
import { langfuse } from './langfuse/langfuse';
import { inspect } from './inspect/inspect';
import { llamaindex } from './llamaindex/llamaindex';
import { sharegpt } from './datasets/sharegpt';
import { openaiFinetune } from './openai/openaiFinetune';
import { atif } from './harbor/atif';
import { codexRollout } from './openai/codexRollout';
import { openaiAgentsRunstate } from './openai/openaiAgentsRunstate';
import { sweAgentTraj } from './sweagent/sweAgentTraj';
import { geminiCli } from './gemini/geminiCli';
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
  // Span exports are recognised by their attribute keys before anyone looks at message shapes. The AI
  // SDK's spans also carry a few gen_ai.* keys (model, usage) but their messages in ai.*: ahead of GenAI.
  vercelAiSpans,
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
  // Managed Agents session events are `sevt_` ids with `{domain}.{action}` types: 100 or 0.
  anthropicManagedAgents,
  gemini,
  // Interactions objects say so (`object: "interaction"`) or hold steps only this API writes (`user_input`,
  // `model_output`, `thought`, `function_result`): ahead of Responses-style `input` lists, which score partly.
  geminiInteractions,
  // Microsoft: MEAI's `$type` contents and the Python Agent Framework's `type: "chat_message"`.
  meai,
  agentFrameworkPython,
  // Vercel's part lists: model messages and UI messages share the list finder and differ by part types.
  vercelAi,
  vercelAiUi,
  // Provider streams: lists of events (SSE data, JSON Lines or a JSON array) that the readers above
  // score 0 on, since no element is a message; each claims only its provider's event types.
  sseAnthropic,
  sseOpenaiChat,
  sseOpenaiResponses,
  sseGemini,
  sseGeminiInteractions,
  vercelAiUiStream,
  // Trace and eval containers whose runs, samples or stores hold messages of the shapes above.
  langsmith,
  // A batch body `{post, patch}` and a stream's `[mode, chunk]` tuples: shapes of their own, 100 or 0.
  langsmithIngest,
  langgraphStream,
  // Langfuse observations (uppercase `type`: GENERATION, SPAN…) hold messages the readers above read: 100 or 0.
  langfuse,
  inspect,
  llamaindex,
  // Datasets, one conversation a row: ShareGPT's `from` / `value` turns are nobody else's (100); rows of chat
  // `messages` score 90, after Inspect, whose sample lists hold `messages` too.
  sharegpt,
  openaiFinetune,
  // Agent trajectories: ATIF's `schema_version: "ATIF-v…"` with `steps` (100 or 0).
  atif,
  // Coding agents' saved sessions and run states, each an envelope of its own (`{timestamp, type, payload}`
  // lines; `$schemaVersion` with `generatedItems`; `sessionId` with typed messages; `history` with
  // `trajectory`): 100 or 0. Gemini CLI's `messages` would otherwise be role/content dicts to langchain-dict.
  codexRollout,
  openaiAgentsRunstate,
  sweAgentTraj,
  geminiCli,
  // AutoGen scores 100 on `UserMessage` / `AssistantMessage` type names, as LangChain dicts may: the tie goes to it.
  autogen,
  // Last: role/content dicts score 50 at most, the shape every format above claims by scoring higher; a list of
  // text alone OpenAI Chat claims by the tie at 50 (openaiChat.ts).
  langchainDict,
  // Each guarded: no exception escapes an adapter's detection or reading (common/guard).
].map(guarded);

/** Formats that are not JSON, asked only when the input does not parse as JSON or JSON Lines. */
const TEXT_ADAPTERS: readonly TextFormatAdapter[] = [langchainRepr, langchainPretty].map(guardedText);

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
