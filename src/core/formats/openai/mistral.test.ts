import { describe, expect, it } from 'vitest';
import clean from '../../../../fixtures/formats/mistral/clean.json?raw';
import fault from '../../../../fixtures/formats/mistral/fault.json?raw';
import response from '../../../../fixtures/formats/mistral/response.json?raw';
import toolCalls from '../../../../fixtures/formats/mistral/tool-calls.json?raw';
import { input, rules, transcript } from '../../testing/importing';
import { mistral } from './mistral';
import { detectFormat } from '../registry';

describe('mistral fixtures', () => {
  it('reads a request with a prefix message', () => {
    const t = transcript(clean);
    expect([t.format, t.formatLabel]).toEqual(['mistral', 'Mistral']);
    expect(t.messages.map((m) => [m.role, m.text])).toEqual([
      ['system', 'Answer like a pirate.'],
      ['human', 'Who is the best French painter? Answer in one short sentence.'],
      ['ai', 'Arr, '],
    ]);
  });

  it('reads object arguments and named tool messages', () => {
    const t = transcript(toolCalls);
    expect(t.format).toBe('mistral');
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.name, c.args, c.argsText, c.error])).toEqual([
      ['D681PevKs', 'retrieve_payment_status', { transaction_id: 'T1001' }, undefined, undefined],
    ]);
    expect(t.messages[2]).toMatchObject({ role: 'tool', name: 'retrieve_payment_status', toolCallId: 'D681PevKs' });
    expect(t.links.get('D681PevKs')?.results).toEqual([2]);
    expect(rules(t)).toEqual([]);
  });

  it('flags the unanswered call and the result for an unknown id', () => {
    const t = transcript(fault);
    expect(t.format).toBe('mistral');
    expect(rules(t)).toEqual([
      ['orphan-tool-call', 1, 'Xk3pQ9Lm2'],
      ['orphan-tool-result', 3, 'call_payment_date'],
    ]);
  });

  it('reads a response with thinking chunks and usage', () => {
    const t = transcript(response);
    expect(t.format).toBe('mistral');
    expect(t.messages[0]).toMatchObject({
      role: 'ai',
      text: 'The capital of France is Paris.',
      model: 'magistral-medium-latest',
      usage: { input: 18, output: 1223, total: 1241, totalReported: true },
    });
    expect(t.messages[0]?.content.map((b) => [b.kind, b.type, b.text])).toEqual([
      ['reasoning', 'thinking', 'Okay, the user asks for the capital of France. That is Paris.'],
      ['text', 'text', 'The capital of France is Paris.'],
    ]);
  });

  it('reads document_url and string image_url chunks as files and images', () => {
    const t = transcript(
      JSON.stringify([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Summarize' },
            { type: 'document_url', document_url: 'https://arxiv.org/pdf/1805.04770', document_name: 'paper.pdf' },
            { type: 'image_url', image_url: 'https://example.com/cat.png' },
          ],
        },
      ]),
    );
    expect(t.format).toBe('mistral');
    expect(t.messages[0]?.content.map((b) => [b.kind, b.text])).toEqual([
      ['text', 'Summarize'],
      ['file', 'paper.pdf'],
      ['image', undefined],
    ]);
  });
});

describe('mistral detection', () => {
  it('claims only Mistral-only marks', () => {
    expect(mistral.detect(input({ model: 'm', messages: [{ role: 'assistant', content: 'x', prefix: true }] }))).toBe(95);
    expect(mistral.detect(input({ model: 'm', random_seed: 1, messages: [{ role: 'user', content: 'x' }] }))).toBe(95);
  });

  it('leaves OpenAI-compatible JSON without Mistral marks to openai-chat', () => {
    const openaiLike = {
      id: 'cmpl-e5cc70bb28c444948073e77776eb30ef',
      object: 'chat.completion',
      model: 'mistral-small-latest',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 16, completion_tokens: 34, total_tokens: 50 },
    };
    expect(mistral.detect(input(openaiLike))).toBe(0);
    expect(detectFormat(input(openaiLike))?.name).toBe('openai-chat');
  });

  it('does not take near misses', () => {
    const nearMisses: unknown[] = [
      [{ role: 'user', content: 'hi' }],
      // Ollama: object arguments without an id, `tool_name`.
      [{ role: 'assistant', content: '', tool_calls: [{ function: { name: 'f', arguments: {} } }] }],
      [
        { role: 'assistant', content: '', prefix: false },
        { role: 'tool', content: 'x', tool_name: 'f' },
      ],
      // Anthropic thinking holds a string, not chunks.
      [{ role: 'assistant', content: [{ type: 'thinking', thinking: 'hmm', signature: 's' }] }],
    ];
    for (const value of nearMisses) expect(mistral.detect(input(value)), JSON.stringify(value)).toBe(0);
  });
});
