import { describe, expect, it } from 'vitest';
import localShell from '../../../../fixtures/real/vercel-ai/openai-local-shell-tool.1.chunks.txt?raw';
import fourSteps from '../../../../fixtures/real/vercel-ai/openai-reasoning-encrypted-content.1.chunks.txt?raw';
import { rules } from '../../testing/importing';
import { asSse, eventsOf, imported, shown } from '../../testing/streams';

const created = (id: string) => ({
  type: 'response.created',
  sequence_number: 0,
  response: { id, object: 'response', status: 'in_progress', model: 'gpt-5', output: [] },
});
const added = (index: number, item: Record<string, unknown>) => ({ type: 'response.output_item.added', output_index: index, item });

describe('sse-openai-responses real streams', () => {
  it('reads the final response of response.completed (vercel/ai openai-local-shell-tool.1.chunks.txt)', () => {
    const { transcript: t } = imported(localShell);
    expect([t.format, t.formatLabel, t.kind]).toEqual(['sse-openai-responses', 'OpenAI Responses stream', 'response']);
    expect(shown(t)).toEqual([
      {
        role: 'ai',
        text: '',
        kinds: ['reasoning'],
        calls: [['call_h3nm8hUG0KO9tVNuRACkL1ri', 'local_shell', { type: 'exec', command: ['ls', '-a', '~'], env: {} }]],
        result: undefined,
      },
    ]);
    expect(t.messages[0]).toMatchObject({ model: 'gpt-5-codex', usage: { input: 407, output: 151, reasoning: 128 }, location: { path: 'line 3', line: 3 } });
    expect(t.notes).toBeUndefined();
    expect(rules(t)).toEqual([['pending-tool-call', 0, 'call_h3nm8hUG0KO9tVNuRACkL1ri']]);
  });

  it('reads four streams one after another as four responses (vercel/ai openai-reasoning-encrypted-content.1.chunks.txt)', () => {
    const { conversations } = imported(fourSteps);
    expect(conversations.map((c) => [c.label, shown(c.transcript).map((m) => [m.kinds, m.text, m.calls])])).toEqual([
      [
        'resp_01830d662ab3856501693c321345c88190b0de00f3b9975691',
        [[['reasoning'], '', [['call_AB6AaRZ1FYZB2RwS6A5vbdqn', 'calculator', { a: 12, b: 7, op: 'add' }]]]],
      ],
      [
        'resp_01830d662ab3856501693c3215903881909b710d150ff65014',
        [[[], '', [['call_Q6pW65MUgW9vF59BmItYGos3', 'calculator', { a: 19, b: 3, op: 'multiply' }]]]],
      ],
      [
        'resp_01830d662ab3856501693c3216bef88190bf0e034cff24137b',
        [[[], '', [['call_Zl5vIMnD7dVAjgU6FkhmiCZh', 'calculator', { a: 57, b: 10, op: 'multiply' }]]]],
      ],
      ['resp_01830d662ab3856501693c3217ba4c8190a3ddf6c839d4f12a', [[['text'], 'The final result is **570**.', []]]],
    ]);
    expect(conversations[0]?.transcript.messages[0]?.content[0]?.text).toContain("I'll compute 12 plus 7, then multiply the result by 3");
    expect(conversations.map((c) => c.transcript.messages[0]?.location.line)).toEqual([3, 59, 78, 97]);
  });

  it('assembles the same output from the items and deltas when response.completed is missing', () => {
    // The first stream without its last event: what the final response said must come from the events before it.
    const events = eventsOf(fourSteps).slice(0, 55);
    const { transcript: t } = imported(asSse(events));
    const [message] = t.messages;
    expect(message?.content.map((b) => [b.kind, b.text])).toEqual([
      [
        'reasoning',
        "**Calculating step-by-step using calculator**\n\nI'll compute 12 plus 7, then multiply the result by 3, and finally multiply that by 10, reporting the final product.",
      ],
    ]);
    expect(message?.toolCalls.map((c) => [c.id, c.args])).toEqual([['call_AB6AaRZ1FYZB2RwS6A5vbdqn', { a: 12, b: 7, op: 'add' }]]);
    expect(t.notes).toEqual(['The stream ended before response.completed: resp_01830d662ab3856501693c321345c88190b0de00f3b9975691 shows what arrived.']);
  });
});

describe('sse-openai-responses assembly', () => {
  it('builds text and arguments from deltas of items that never finished', () => {
    const events = [
      created('resp_1'),
      added(0, { id: 'msg_1', type: 'message', role: 'assistant', content: [] }),
      { type: 'response.content_part.added', item_id: 'msg_1', output_index: 0, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } },
      { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Let me ' },
      { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'check.' },
      added(1, { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'lookup', arguments: '' }),
      { type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 1, delta: '{"q":' },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 1, delta: '"x"}' },
    ];
    const { transcript: t } = imported(asSse(events));
    expect(shown(t)).toEqual([{ role: 'ai', text: 'Let me check.', kinds: ['text'], calls: [['call_1', 'lookup', { q: 'x' }]], result: undefined }]);
    expect(t.notes).toEqual(['The stream ended before response.completed: resp_1 shows what arrived; output item 0, 1 had not finished.']);
  });

  it('says why a response failed or is incomplete, and names event types it does not know', () => {
    const failed = [
      created('resp_f'),
      { type: 'response.something_new', sequence_number: 1 },
      { type: 'response.failed', response: { id: 'resp_f', object: 'response', output: [], error: { code: 'server_error', message: 'Boom' } } },
      created('resp_i'),
      added(0, { id: 'msg_2', type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Trunc' }] }),
      { type: 'response.incomplete', response: { id: 'resp_i', object: 'response', output: [], incomplete_details: { reason: 'max_output_tokens' } } },
    ];
    // The failed response streamed nothing: only its note is left of it.
    const { transcript: t } = imported(asSse(failed));
    expect(t.messages.map((m) => m.text)).toEqual(['Trunc']);
    expect(t.notes).toEqual([
      'Response resp_f failed: server_error: Boom.',
      'Response resp_i is incomplete (max_output_tokens).',
      'Events of types this reader does not know were left out: response.something_new.',
    ]);
  });
});
