import { describe, expect, it } from 'vitest';
import { input } from '../testing/importing';
import { langchainDict } from './langchain/langchainDict';
import { langchainStored } from './langchain/langchainStored';
import { detectFormat, getAdapter, listFormats } from './registry';

const detected = (value: unknown) => detectFormat(input(value))?.name;

const stored = [
  { type: 'human', data: { content: 'hi' } },
  { type: 'ai', data: { content: 'hello' } },
];
const flat = [
  { type: 'human', content: 'hi' },
  { type: 'ai', content: 'hello' },
];
const serialized = [{ lc: 1, type: 'constructor', id: ['langchain', 'schema', 'messages', 'HumanMessage'], kwargs: { content: 'hi', type: 'human' } }];

describe('registry', () => {
  it('lists the formats in detection order and finds them by name', () => {
    // Vendor shapes come before langchain-dict, which takes any role/content list; text formats last.
    expect(listFormats().map((format) => format.name)).toEqual([
      'msgscope',
      'langchain-serialized',
      'langchain-stored',
      'vercel-ai-spans',
      'otel-genai',
      'openinference',
      'openai-chat',
      'openai-responses',
      'mistral',
      'ollama',
      'anthropic',
      'claude-code',
      'anthropic-managed-agents',
      'gemini',
      'gemini-interactions',
      'meai',
      'agent-framework-python',
      'vercel-ai',
      'vercel-ai-ui',
      'sse-anthropic',
      'sse-openai-chat',
      'sse-openai-responses',
      'sse-gemini',
      'sse-gemini-interactions',
      'vercel-ai-ui-stream',
      'langsmith',
      'langsmith-ingest',
      'langgraph-stream',
      'langfuse',
      'inspect',
      'llamaindex',
      'sharegpt',
      'openai-finetune',
      'atif',
      'codex-rollout',
      'openai-agents-runstate',
      'swe-agent-traj',
      'gemini-cli',
      'autogen',
      'langchain-dict',
      'langchain-repr',
      'langchain-pretty',
    ]);
    expect(getAdapter('langchain-stored')?.label).toBe('LangChain stored messages');
    expect(getAdapter('openai')).toBeUndefined();
  });

  it('detects each LangChain shape in every wrapper', () => {
    for (const wrap of [(list: unknown[]) => list, (messages: unknown[]) => ({ messages }), (messages: unknown[]) => ({ values: { messages } })]) {
      expect(detected(wrap(serialized))).toBe('langchain-serialized');
      expect(detected(wrap(stored))).toBe('langchain-stored');
      expect(detected(wrap(flat))).toBe('langchain-dict');
    }
  });

  it('does not take stored messages for dicts, nor dicts for stored messages', () => {
    const storedAdapter = langchainStored;
    const dictAdapter = langchainDict;
    expect(dictAdapter.detect(input(stored))).toBe(0);
    expect(storedAdapter.detect(input(flat))).toBe(0);
    // A stored message whose data also says `type`, and a flat dict with extra fields, stay apart.
    expect(dictAdapter.detect(input([{ type: 'ai', data: { type: 'ai', content: 'x' } }]))).toBe(0);
    expect(storedAdapter.detect(input([{ type: 'ai', content: 'x', role: 'assistant' }]))).toBe(0);
    expect(storedAdapter.detect(input(serialized))).toBe(0);
    expect(dictAdapter.detect(input(serialized))).toBe(0);
  });

  it('scores role-keyed dicts below type-keyed ones, leaving room for API-specific adapters', () => {
    const dictAdapter = langchainDict;
    expect(dictAdapter.detect(input(flat))).toBe(100);
    expect(dictAdapter.detect(input([{ role: 'user', content: 'hi' }]))).toBe(50);
  });

  it('still detects a list whose first element is broken', () => {
    expect(detected([42, ...stored])).toBe('langchain-stored');
  });

  it('detects nothing in shapes it does not know', () => {
    for (const value of [[], {}, { messages: [] }, [1, 2], [{ type: 'text', text: 'hi' }], [{ role: 'user', text: 'hi' }], 'hello', { data: [] }]) {
      expect(detected(value)).toBeUndefined();
    }
  });
});
