import { describe, expect, it } from 'vitest';
import { readContent } from './content';

describe('readContent', () => {
  it('reads a string, an empty string and null', () => {
    expect(readContent('hi')).toEqual([{ kind: 'text', type: 'text', text: 'hi', raw: 'hi' }]);
    expect(readContent('')).toEqual([]);
    expect(readContent(null)).toEqual([]);
  });

  it('reads LangChain v1 standard blocks', () => {
    const blocks = [
      { type: 'text', text: 'See', annotations: [{ type: 'citation', url: 'https://x' }] },
      { type: 'reasoning', reasoning: 'think', extras: { signature: 'sig' } },
      { type: 'tool_call', id: 'c1', name: 'add', args: { a: 1 } },
      { type: 'image', url: 'https://x/cat.png' },
      { type: 'audio', base64: 'AAA', mime_type: 'audio/wav' },
      { type: 'video', file_id: 'f1' },
      { type: 'file', file_id: 'f2' },
      { type: 'text-plain', text: 'doc body', mime_type: 'text/plain' },
      { type: 'server_tool_result', tool_call_id: 's1', status: 'success', output: 'found' },
      { type: 'non_standard', value: { x: 1 } },
    ];
    expect(readContent(blocks).map(({ kind, type, text }) => [kind, type, text])).toEqual([
      ['text', 'text', 'See'],
      ['reasoning', 'reasoning', 'think'],
      ['tool_call', 'tool_call', undefined],
      ['image', 'image', undefined],
      ['audio', 'audio', undefined],
      ['file', 'video', undefined],
      ['file', 'file', undefined],
      ['file', 'text-plain', 'doc body'],
      ['tool_result', 'server_tool_result', 'found'],
      ['other', 'non_standard', undefined],
    ]);
    expect(readContent(blocks).map((block) => block.raw)).toEqual(blocks);
  });

  it('reads provider-native blocks: Anthropic, OpenAI Chat and Responses, LangChain v0', () => {
    const blocks = [
      'plain string part',
      { type: 'thinking', thinking: '…', signature: 'sig' },
      { type: 'redacted_thinking', data: 'enc' },
      { type: 'tool_use', id: 'toolu_1', name: 'search', input: { q: 'x' } },
      { type: 'tool_result', tool_use_id: 'toolu_1', content: 'result text' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AAA' } },
      { type: 'image', source_type: 'url', url: 'https://x/cat.png' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAA' } },
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'sum' }] },
      { type: 'function_call', call_id: 'call_1', name: 'add', arguments: '{}' },
      { type: 'refusal', refusal: 'I cannot' },
      { type: 'output_text', text: 'out' },
      { type: 'mystery', text: 'kept' },
      { no_type: true },
      42,
    ];
    expect(readContent(blocks).map(({ kind, type, text }) => [kind, type, text])).toEqual([
      ['text', 'text', 'plain string part'],
      ['reasoning', 'thinking', '…'],
      ['reasoning', 'redacted_thinking', undefined],
      ['tool_call', 'tool_use', undefined],
      ['tool_result', 'tool_result', 'result text'],
      ['image', 'image_url', undefined],
      ['image', 'image', undefined],
      ['image', 'image', undefined],
      ['reasoning', 'reasoning', 'sum'],
      ['tool_call', 'function_call', undefined],
      ['text', 'refusal', 'I cannot'],
      ['text', 'output_text', 'out'],
      ['other', 'mystery', 'kept'],
      ['other', '(none)', undefined],
      ['other', '(none)', undefined],
    ]);
  });

  it('reads text and reasoning written as `value` (LLaMA-Factory v1 rows)', () => {
    const blocks = readContent([
      { type: 'reasoning', value: 'Add them.' },
      { type: 'text', value: '4' },
    ]);
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['reasoning', 'Add them.'],
      ['text', '4'],
    ]);
  });

  it('keeps content of an unexpected kind as one block', () => {
    expect(readContent({ text: 'x' })).toEqual([{ kind: 'other', type: '(none)', raw: { text: 'x' } }]);
  });
});
