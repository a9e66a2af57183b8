import { describe, expect, it } from 'vitest';
import clean from '../../../../fixtures/formats/ollama/clean.json?raw';
import fault from '../../../../fixtures/formats/ollama/fault.json?raw';
import images from '../../../../fixtures/formats/ollama/images.json?raw';
import toolCalls from '../../../../fixtures/formats/ollama/tool-calls.json?raw';
import { input, json, rules, transcript } from '../../testing/importing';
import { ollama } from './ollama';

describe('ollama fixtures', () => {
  it('reads a ChatResponse with its eval counts as tokens', () => {
    const t = transcript(clean);
    expect([t.format, t.formatLabel]).toEqual(['ollama', 'Ollama']);
    expect(t.messages).toHaveLength(1);
    expect(t.messages[0]).toMatchObject({
      role: 'ai',
      text: 'Hello! How are you today?',
      model: 'llama3.2',
      timestamp: '2023-12-12T14:13:43.416799Z',
      usage: { input: 26, output: 298, total: 324, totalReported: false },
      location: { path: 'message', line: 4, column: 14 },
    });
    expect(t.tokens.totals).toMatchObject({ input: 26, output: 298, total: 324 });
  });

  it('gives calls without ids stable ids and links tool_name results in order', () => {
    const t = transcript(toolCalls);
    expect(t.format).toBe('ollama');
    expect(t.messages.map((m) => [m.role, m.name, m.toolCallId])).toEqual([
      ['human', undefined, undefined],
      ['ai', undefined, undefined],
      ['tool', 'get_temperature', 'get_temperature@1.0'],
      ['tool', 'get_temperature', 'get_temperature@1.1'],
      ['ai', undefined, undefined],
    ]);
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.args])).toEqual([
      ['get_temperature@1.0', { city: 'New York' }],
      ['get_temperature@1.1', { city: 'Paris' }],
    ]);
    expect(t.messages[1]?.content.map((b) => [b.kind, b.type])).toEqual([['reasoning', 'thinking']]);
    expect(rules(t)).toEqual([]);
  });

  it('flags the unanswered call and the result for a tool nobody called', () => {
    const t = transcript(fault);
    expect(t.format).toBe('ollama');
    expect(rules(t)).toEqual([
      ['orphan-tool-call', 1, 'get_humidity@1.1'],
      ['orphan-tool-result', 3, 'get_pressure@3'],
    ]);
  });

  it('keeps images out of the text', () => {
    const t = transcript(images);
    expect(t.format).toBe('ollama');
    expect(t.messages[0]?.content.map((b) => b.kind)).toEqual(['text', 'image']);
    expect(t.messages[0]?.text).toBe('what is in this image?');
  });
});

describe('ollama linking', () => {
  it('uses ids when Ollama gives them, and reaches back past a turn without a match', () => {
    const t = transcript(
      json([
        { role: 'assistant', content: '', tool_calls: [{ id: 'call_1', function: { index: 0, name: 'a', arguments: {} } }] },
        { role: 'tool', content: '1', tool_call_id: 'call_1', tool_name: 'a' },
        { role: 'assistant', content: '', tool_calls: [{ function: { name: 'b', arguments: {} } }] },
        { role: 'assistant', content: '', tool_calls: [{ function: { name: 'c', arguments: {} } }] },
        { role: 'tool', content: '3', tool_name: 'c' },
        { role: 'tool', content: '2', tool_name: 'b' },
      ]),
    );
    expect(t.format).toBe('ollama');
    expect(t.messages.map((m) => m.toolCallId)).toEqual([undefined, 'call_1', undefined, undefined, 'c@3.0', 'b@2.0']);
  });
});

describe('ollama detection', () => {
  it('claims Ollama marks and ChatResponses', () => {
    expect(ollama.detect(input({ model: 'm', created_at: 'x', message: { role: 'assistant', content: 'hi' }, done: true }))).toBe(100);
    expect(ollama.detect(input({ model: 'm', messages: [{ role: 'assistant', content: 'hi', thinking: 'hmm' }] }))).toBe(95);
    expect(ollama.detect(input({ model: 'm', keep_alive: '5m', messages: [{ role: 'user', content: 'hi' }] }))).toBe(95);
  });

  it('does not take near misses', () => {
    const nearMisses: unknown[] = [
      { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] },
      [{ role: 'assistant', content: '', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] }],
      // Mistral: object arguments on a call with an id.
      [{ role: 'assistant', content: '', tool_calls: [{ id: 'D681PevKs', function: { name: 'f', arguments: {} } }] }],
      [{ type: 'ai', content: 'hi' }],
      { model: 'claude', system: 'x', messages: [{ role: 'user', content: 'hi', images: [] }] },
    ];
    for (const value of nearMisses) expect(ollama.detect(input(value)), JSON.stringify(value)).toBe(0);
  });
});
