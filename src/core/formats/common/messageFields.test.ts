import { describe, expect, it } from 'vitest';
import { baseType, isMessageType, readMessage as readFields } from './messageFields';

describe('baseType', () => {
  it('maps class and chunk names to type names', () => {
    expect(['AIMessageChunk', 'HumanMessage', 'ChatMessageChunk', 'RemoveMessage', 'ai', 'generic'].map(baseType)).toEqual([
      'ai',
      'human',
      'chat',
      'remove',
      'ai',
      'generic',
    ]);
    expect(isMessageType('ToolMessageChunk')).toBe(true);
    expect(isMessageType('constructor')).toBe(false);
    expect(isMessageType('PromptTemplate')).toBe(false);
  });
});

describe('readMessage', () => {
  const readMessage = (type: string, fields: Record<string, unknown>) => readFields(type, fields, fields, { path: 'messages[0]' });

  it('reads reasoning_content as a leading reasoning block and the model name', () => {
    const draft = readMessage('ai', {
      content: 'Answer',
      additional_kwargs: { reasoning_content: 'Thinking…' },
      response_metadata: { model: 'deepseek-reasoner', created_at: '2025-01-01T00:00:00Z' },
    });
    expect(draft).toMatchObject({
      role: 'ai',
      content: [
        { kind: 'reasoning', type: 'reasoning_content', text: 'Thinking…' },
        { kind: 'text', text: 'Answer' },
      ],
      text: 'Answer',
      model: 'deepseek-reasoner',
      timestamp: '2025-01-01T00:00:00Z',
    });
  });

  it('prefers tool_calls over OpenAI-style additional_kwargs.tool_calls', () => {
    const openai = [{ id: 'call_x', type: 'function', function: { name: 'old', arguments: '{}' } }];
    const both = readMessage('ai', { content: '', tool_calls: [], additional_kwargs: { tool_calls: openai } });
    expect('toolCalls' in both && both.toolCalls).toEqual([]);
    const legacy = readMessage('ai', { content: '', additional_kwargs: { tool_calls: openai } });
    expect('toolCalls' in legacy && legacy.toolCalls.map((call) => call.name)).toEqual(['old']);
  });

  it('joins text blocks with newlines, leaving out reasoning and tool blocks', () => {
    const draft = readMessage('ai', { content: [{ type: 'thinking', thinking: 'x' }, { type: 'text', text: 'a' }, 'b'] });
    expect('text' in draft && draft.text).toBe('a\nb');
  });

  it('rejects unknown types and missing content', () => {
    expect(readMessage('critic', { content: 'x' })).toEqual({
      unreadable: 'unknown message type "critic": expected human, ai, system, tool, function, chat, generic or remove (or user, assistant, developer)',
    });
    expect(readMessage('human', { id: 'h1' })).toEqual({ unreadable: 'missing `content`' });
    expect(readMessage('remove', { id: 'm1' })).toMatchObject({ role: 'other', sourceType: 'remove', id: 'm1' });
  });

  it('gives a chat message the role it names, or other', () => {
    expect(readMessage('chat', { content: 'x', role: 'assistant' })).toMatchObject({ role: 'ai', sourceType: 'chat' });
    expect(readMessage('ChatMessageChunk', { content: 'x', role: 'critic' })).toMatchObject({ role: 'other' });
    expect(readMessage('generic', { content: 'x' })).toMatchObject({ role: 'other' });
  });
});
