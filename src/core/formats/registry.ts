// Every format msgscope reads, in detection order. A new format is one adapter file plus one line here.
//
// Detection scores: 0 = not this format; 100 = certainly this format; 50 = a generic shape several
// formats share (role/content dicts), which a format-specific adapter claims by scoring above it.
// The highest score wins; ties go to the earlier adapter.
import { langchainDict } from './langchain-dict';
import { langchainSerialized } from './langchain-serialized';
import { langchainStored } from './langchain-stored';
import { anthropic } from './anthropic';
import { claudeCode } from './claude-code';
import { gemini } from './gemini';
import { otelGenai } from './otel-genai';
import { openinference } from './openinference';
import { mistral } from './mistral';
import { ollama } from './ollama';
import { openaiChat } from './openai-chat';
import { openaiResponses } from './openai-responses';
import { agentFrameworkPython } from './agent-framework-python';
import { meai } from './meai';
import { vercelAi } from './vercel-ai';
import { vercelAiUi } from './vercel-ai-ui';
import { langsmith } from './langsmith';
import { inspect } from './inspect';
import { llamaindex } from './llamaindex';
import { autogen } from './autogen';
import { langchainPretty } from './langchain-pretty';
import { langchainRepr } from './langchain-repr';
import { msgscope } from './msgscope';
import type { FormatAdapter, ParsedInput, TextFormatAdapter } from './types';

const ADAPTERS: readonly FormatAdapter[] = [msgscope, langchainSerialized, langchainStored, otelGenai, openinference, openaiChat, openaiResponses, mistral, ollama, anthropic, claudeCode, gemini, meai, agentFrameworkPython, vercelAi, vercelAiUi, langsmith, inspect, llamaindex, autogen, langchainDict];

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
