import { describe, expect, it } from 'vitest';
import toolCallChunks from '../../../../fixtures/real/vercel-ai/google-interactions-tool-call-step1.chunks.txt?raw';
import { rules } from '../../testing/importing';
import { asJsonLines, asSse, eventsOf, imported, shown } from '../../testing/streams';

const created = {
  event_type: 'interaction.created',
  interaction: { id: 'v1_a', status: 'in_progress', object: 'interaction', model: 'gemini-3-flash-preview' },
};
const completed = (status = 'completed') => ({
  event_type: 'interaction.completed',
  interaction: {
    id: 'v1_a',
    status,
    usage: { total_input_tokens: 10, total_output_tokens: 5, total_thought_tokens: 7, total_tokens: 22 },
    object: 'interaction',
  },
});

describe('sse-gemini-interactions', () => {
  it('assembles a recorded stream: the signature delta on the thought, the arguments text on the call (vercel/ai tool-call-step1.chunks.txt)', () => {
    const { transcript: t } = imported(toolCallChunks);
    expect([t.format, t.formatLabel, t.kind]).toEqual(['sse-gemini-interactions', 'Google Gemini Interactions stream', 'response']);
    expect(shown(t)).toEqual([
      { role: 'ai', text: '', kinds: ['reasoning', 'tool_call'], calls: [['61nzpsv4', 'getWeather', { location: 'San Francisco' }]], result: undefined },
    ]);
    expect(t.messages[0]).toMatchObject({
      id: 'v1_ChdVbXNIYXVEUkVacmpxdHNQb3JQeXlBRRIXVW1zSGF1RFJFWnJqcXRzUG9yUHl5QUU',
      model: 'gemini-2.5-flash',
      usage: { input: 53, output: 15 + 65, total: 133, reasoning: 65 },
      location: { path: 'line 3', line: 3 },
    });
    expect(t.messages[0]?.content[0]?.raw).toMatchObject({ type: 'thought', signature: expect.stringMatching(/^CiQBDDnWx\+Xp/) });
    expect(t.notes).toBeUndefined();
    expect(rules(t)).toEqual([['pending-tool-call', 0, '61nzpsv4']]);
    // The same events as SSE read the same.
    expect(shown(imported(asSse(eventsOf(toolCallChunks), true)).transcript)).toEqual(shown(t));
  });

  it('joins text and thought summary pieces, keeps annotations on the text, and reads a built-in call and result', () => {
    const events = [
      created,
      { event_type: 'step.start', index: 0, step: { type: 'thought', signature: '' } },
      { event_type: 'step.delta', index: 0, delta: { type: 'thought_summary', content: { type: 'text', text: 'Looking ' } } },
      { event_type: 'step.delta', index: 0, delta: { type: 'thought_summary', content: { type: 'text', text: 'it up.' } } },
      { event_type: 'step.delta', index: 0, delta: { type: 'thought_signature', signature: 'sig' } },
      { event_type: 'step.stop', index: 0 },
      { event_type: 'step.start', index: 1, step: { type: 'google_search_call', id: 'g1', signature: '' } },
      { event_type: 'step.delta', index: 1, delta: { type: 'google_search_call', arguments: { queries: ['news'] } } },
      { event_type: 'step.stop', index: 1 },
      { event_type: 'step.start', index: 2, step: { type: 'google_search_result', call_id: 'g1' } },
      { event_type: 'step.delta', index: 2, delta: { type: 'google_search_result', result: [{ title: 'A', url: 'https://a.example' }] } },
      { event_type: 'step.stop', index: 2 },
      { event_type: 'step.start', index: 3, step: { type: 'model_output' } },
      { event_type: 'step.delta', index: 3, delta: { type: 'text', text: 'It is ' } },
      {
        event_type: 'step.delta',
        index: 3,
        delta: { type: 'text_annotation_delta', annotations: [{ type: 'url_citation', url: 'https://a.example', start_index: 0, end_index: 5 }] },
      },
      { event_type: 'step.delta', index: 3, delta: { type: 'text', text: 'sunny.' } },
      { event_type: 'step.stop', index: 3 },
      completed(),
    ];
    const { transcript: t } = imported(asJsonLines(events));
    expect(t.messages.map((m) => [m.role, m.text, m.location.path, m.toolCallId])).toEqual([
      ['ai', 'It is sunny.', 'line 2', undefined],
      ['tool', '{"title":"A","url":"https://a.example"}', 'line 10', 'g1'],
    ]);
    expect(t.messages[0]?.content.map((b) => [b.kind, b.text])).toEqual([
      ['reasoning', 'Looking it up.'],
      ['tool_call', undefined],
      ['text', 'It is sunny.'],
    ]);
    expect(t.messages[0]?.content[0]?.raw).toMatchObject({ signature: 'sig' });
    expect(t.messages[0]?.content[2]?.raw).toMatchObject({ annotations: [{ url: 'https://a.example' }] });
    expect(t.messages[0]?.usage).toMatchObject({ input: 10, output: 12, total: 22 });
    expect(rules(t)).toEqual([]);
  });

  it('says when the stream stopped early, and keeps arguments that are not JSON as the call wrote them', () => {
    const events = [
      created,
      { event_type: 'step.start', index: 0, step: { type: 'function_call', id: 'c1', name: 'f', arguments: {} } },
      { event_type: 'step.delta', index: 0, delta: { type: 'arguments_delta', arguments: '{"a": ' } },
      { event_type: 'step.delta', index: 0, delta: { type: 'mystery' } },
      { event_type: 'step.delta', index: 5, delta: { type: 'text', text: 'x' } },
    ];
    const { transcript: t } = imported(asJsonLines(events));
    expect(t.messages.map((m) => [m.role, m.problem])).toEqual([
      ['ai', undefined],
      ['other', 'step 5 was not started (no step.start before this step.delta)'],
    ]);
    expect(t.messages[0]?.toolCalls[0]).toMatchObject({ id: 'c1', argsText: '{"a": ', error: expect.stringContaining('not valid JSON') });
    expect(t.notes).toEqual([
      'The stream of v1_a ended before interaction.completed: it shows what arrived, without usage.',
      'Events of types this reader does not know were left out: step.delta mystery.',
    ]);
  });

  it('reads two interactions in one capture as two conversations', () => {
    const one = (id: string, text: string) => [
      { ...created, interaction: { ...created.interaction, id } },
      { event_type: 'step.start', index: 0, step: { type: 'model_output' } },
      { event_type: 'step.delta', index: 0, delta: { type: 'text', text } },
      { event_type: 'step.stop', index: 0 },
      { ...completed(), interaction: { ...completed().interaction, id } },
    ];
    const { conversations } = imported(asJsonLines([...one('v1_a', 'first'), ...one('v1_b', 'second')]));
    expect(conversations.map((c) => [c.label, c.transcript.messages.map((m) => m.text)])).toEqual([
      ['v1_a', ['first']],
      ['v1_b', ['second']],
    ]);
  });
});
