import { describe, expect, it } from 'vitest';
import cut from '../../../../fixtures/real/codemie-code/codex-rollout-2026-05-11T13-28-45-019e1695-first-turn.jsonl?raw';
import twoPrompts from '../../../../fixtures/real/agentcmd/rollout-2025-09-24T20-12-23-01997ea4-a70d-7da3-8c20-c736db82a7c5.jsonl?raw';
import { input, rules, transcript } from '../../testing/importing';
import { detectFormat } from '../registry';
import { codexRollout } from './codexRollout';

const jsonl = (lines: unknown[]): string => lines.map((line) => JSON.stringify(line)).join('\n');
const line = (type: string, payload: unknown, second = 0) => ({ timestamp: `2026-05-12T10:00:${String(second).padStart(2, '0')}.000Z`, type, payload });
const item = (payload: unknown, second?: number) => line('response_item', payload, second);
const event = (payload: unknown, second?: number) => line('event_msg', payload, second);
const user = (text: string) => item({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
const assistant = (text: string) => item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] });
const tokens = (input: number, output: number) =>
  event({
    type: 'token_count',
    info: {
      last_token_usage: { input_tokens: input, cached_input_tokens: 10, output_tokens: output, reasoning_output_tokens: 2, total_tokens: input + output },
    },
  });

describe('codex-rollout real files', () => {
  it('reads a cut Codex Desktop rollout: base instructions, the prompt from its event, parallel calls linked', () => {
    const t = transcript(cut);
    expect([t.format, t.formatLabel]).toEqual(['codex-rollout', 'OpenAI Codex CLI rollout']);
    expect(t.messages.map((m) => m.role).join(' ')).toBe('system human ai tool ai tool tool ai tool tool tool tool ai tool tool tool tool ai');
    expect(t.messages[0]).toMatchObject({ sourceType: 'base_instructions', location: { path: 'line 1' } });
    expect(t.messages[0]?.text).toMatch(/^You are Codex, a coding agent based on GPT-5\./);
    expect(t.messages[1]).toMatchObject({ sourceType: 'user_message', timestamp: '2026-05-11T10:29:40.167Z', location: { path: 'line 2' } });
    // Reasoning and the calls after it are one model turn; four parallel calls, four results.
    expect(t.messages[7]?.toolCalls.map((c) => c.id)).toEqual([
      'call_PPoZN9Borljc8TLstEoI86Oz',
      'call_wRWesOuGvoGbV7nbRFlNSfXH',
      'call_CoNBwaGxF0SP92vl6VaVtauo',
      'call_BmCvKI5OQPCwNKZKrPoBPcjZ',
    ]);
    expect(t.messages[7]?.location.path).toBe('line 11');
    expect(Array.isArray(t.messages[7]?.raw) && t.messages[7].raw.length).toBe(5);
    expect(t.links.get('call_BmCvKI5OQPCwNKZKrPoBPcjZ')?.results).toEqual([11]);
    expect(t.links.callCount).toBe(11);
    expect(t.messages[17]?.text).toMatch(/^I analyzed `\/Users\/Sample_User\/Downloads\/Sample Project Demo Prep.vtt`\./);
    expect(t.notes).toEqual(['1 user_message / agent_message event has no response item: shown from the event.']);
    expect(t.findings).toEqual([]);
  });

  it('reads a two-prompt rollout: events that repeat items once, token counts on the turns they measured', () => {
    const t = transcript(twoPrompts);
    expect(t.format).toBe('codex-rollout');
    expect(t.messages).toHaveLength(37);
    expect(t.messages.filter((m) => m.role === 'human').map((m) => m.location.path)).toEqual(['line 2', 'line 3', 'line 105']);
    expect(t.messages.filter((m) => m.role === 'ai')).toHaveLength(18);
    expect(t.messages.filter((m) => m.role === 'tool')).toHaveLength(16);
    const first = t.messages[2];
    expect(first).toMatchObject({ model: 'gpt-5-codex', location: { path: 'line 8' } });
    expect(first?.toolCalls.map((c) => [c.id, c.name])).toEqual([['call_WmlLLopV6YokTw8Y639cqY5h', 'shell']]);
    // The token_count of line 7 comes before the items of the call it measured.
    expect(first?.usage).toEqual({ input: 3587, output: 229, total: 3816, totalReported: true, cacheRead: 2560, reasoning: 128 });
    expect(t.messages[34]?.text).toMatch(/^\*\*What You’re Seeing\*\*/);
    expect(t.messages[36]?.text).toMatch(/^\*\*Impact On Initial Load\*\*/);
    // The per-call counts add up to the session's final total_token_usage.
    expect(t.tokens.totals).toMatchObject({ input: 149449, output: 4808, cacheRead: 120192, reasoning: 2688, messagesWithUsage: 18 });
    expect(t.notes).toEqual([
      'Lines that are not messages: 1 session_meta, 18 turn_context, 39 event_msg (18 token_count, 17 agent_reasoning, 2 user_message, 2 agent_message).',
      '4 user_message / agent_message events repeat a response item: shown once.',
      'Token usage: the last_token_usage of 18 token_count events, on the AI turns they measured.',
    ]);
    expect(rules(t)).toEqual([]);
  });
});

describe('codex-rollout lines', () => {
  it('claims rollout lines, not Responses items or other JSON Lines', () => {
    expect(codexRollout.detect(input([line('session_meta', { id: 's' }), user('hi')], { jsonLines: true, lineOf: [1, 2] }))).toBe(100);
    expect(codexRollout.detect(input(user('hi')))).toBe(100);
    expect(codexRollout.detect(input([{ type: 'message', role: 'user', content: 'hi' }]))).toBe(0);
    expect(detectFormat(input([line('turn_context', { model: 'gpt-5' }), user('hi')]))?.name).toBe('codex-rollout');
  });

  it('gives a count written after the items to their turn, and reads custom tools and a compaction', () => {
    const t = transcript(
      jsonl([
        line('turn_context', { model: 'gpt-5.1-codex' }),
        user('Patch the file.'),
        event({ type: 'user_message', message: 'Patch the file.' }),
        event({ type: 'token_count', info: null }),
        item({ type: 'reasoning', summary: [{ type: 'summary_text', text: 'Use apply_patch.' }], encrypted_content: 'x' }),
        item({ type: 'custom_tool_call', call_id: 'call_p', name: 'apply_patch', input: '*** Begin Patch' }),
        tokens(100, 20),
        item({ type: 'custom_tool_call_output', call_id: 'call_p', output: 'Done!' }),
        assistant('Patched.'),
        event({ type: 'agent_message', message: 'Patched.' }),
        tokens(130, 5),
        line('compacted', { message: 'The user asked for a patch; it was applied.', replacement_history: [] }),
        user('Thanks'),
      ]),
    );
    expect(t.messages.map((m) => [m.role, m.sourceType, m.location.path])).toEqual([
      ['human', 'user', 'line 2'],
      ['ai', 'reasoning', 'line 5'],
      ['tool', 'custom_tool_call_output', 'line 8'],
      ['ai', 'assistant', 'line 9'],
      ['other', 'compacted', 'line 12'],
      ['human', 'user', 'line 13'],
    ]);
    expect(t.messages[1]).toMatchObject({ model: 'gpt-5.1-codex', usage: { input: 100, output: 20, cacheRead: 10, reasoning: 2 } });
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([['call_p', 'apply_patch', '*** Begin Patch']]);
    expect(t.messages[3]?.usage?.input).toBe(130);
    expect(t.messages[4]?.text).toBe('The user asked for a patch; it was applied.');
    expect(t.notes).toEqual([
      'Lines that are not messages: 1 turn_context, 5 event_msg (3 token_count, 1 user_message, 1 agent_message).',
      '2 user_message / agent_message events repeat a response item: shown once.',
      'Token usage: the last_token_usage of 2 token_count events, on the AI turns they measured.',
      "The compaction at line 12 replaces the model's history with 0 items (replacement_history); they are not shown again.",
    ]);
    expect(rules(t)).toEqual([]);
  });

  it('keeps a line it cannot read and says when a count has no turn', () => {
    const t = transcript(jsonl([user('hi'), { note: 'not a rollout line' }, tokens(5, 1)]), 'codex-rollout');
    expect(t.messages.map((m) => [m.role, m.problem])).toEqual([
      ['human', undefined],
      ['other', 'expected a rollout line {"timestamp", "type", "payload"}, got {"note":"not a rollout line"}'],
    ]);
    expect(t.notes).toContain('1 token_count event has no AI turn to go with: not counted.');
  });
});
