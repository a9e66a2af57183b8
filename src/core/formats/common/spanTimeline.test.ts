import { describe, expect, it } from 'vitest';
import type { Role } from '../../model';
import { mergeTurns, repeatedNote, startsWith, timelineNotes, type CallTurn } from './spanTimeline';
import type { MessageDraft } from '../types';

const m = (role: Role, text: string, extra: Partial<MessageDraft> = {}): MessageDraft => ({
  role,
  sourceType: role,
  content: [{ kind: 'text', type: 'text', text, raw: text }],
  text,
  toolCalls: [],
  invalidToolCalls: [],
  raw: text,
  location: { path: text },
  ...extra,
});
const call = (id: string) => m('ai', '', { toolCalls: [{ id, name: 'f', args: {}, raw: {} }] });
const texts = (turns: CallTurn[]) => mergeTurns(turns).messages.map((d) => d.location.path || d.toolCalls[0]?.id);

describe('mergeTurns', () => {
  it('adds only what each call sends beyond the conversation so far', () => {
    const sys = m('system', 'sys');
    const user = m('human', 'q');
    const turns: CallTurn[] = [
      { input: [sys, user], output: [call('c1')] },
      { input: [m('system', 'sys'), m('human', 'q'), call('c1'), m('tool', 'r1', { toolCallId: 'c1' })], output: [m('ai', 'done')] },
    ];
    const merged = mergeTurns(turns);
    expect(merged.messages.map((d) => d.role)).toEqual(['system', 'human', 'ai', 'tool', 'ai']);
    // The first sending is kept (its raw and location).
    expect(merged.messages[0]).toBe(sys);
    expect(merged.repeated).toBe(3);
    expect(repeatedNote(merged.repeated, 2, 'LLM spans')[0]).toContain('3 repeated input messages');
    expect(repeatedNote(0, 2, 'LLM spans')).toEqual([]);
  });

  it('compares by content, not metadata: a re-sent answer without its reasoning still matches', () => {
    const answer = m('ai', 'x', {
      content: [
        { kind: 'reasoning', type: 'reasoning', text: 'why', raw: {} },
        { kind: 'text', type: 'text', text: 'x', raw: 'x' },
      ],
      usage: { input: 1, output: 1, total: 2, totalReported: false },
    });
    const turns: CallTurn[] = [
      { input: [m('human', 'q')], output: [answer] },
      { input: [m('human', 'q'), m('ai', 'x'), m('human', 'q2')], output: [m('ai', 'y')] },
    ];
    expect(texts(turns)).toEqual(['q', 'x', 'q2', 'y']);
  });

  it('keeps interleaved conversations (an agent and its sub-agent) apart, each whole, the sub-agent under its call', () => {
    const turns: CallTurn[] = [
      { input: [m('system', 'main'), m('human', 'task')], output: [call('a1')], trace: 't', label: 'manager' },
      { input: [m('system', 'sub'), m('human', 'subtask')], output: [m('ai', 'sub done')], trace: 't', label: 'helper' },
      {
        input: [m('system', 'main'), m('human', 'task'), call('a1'), m('tool', 'sub done result', { toolCallId: 'a1' })],
        output: [m('ai', 'all done')],
        trace: 't',
      },
    ];
    const merged = mergeTurns(turns);
    expect(texts(turns)).toEqual(['main', 'task', 'a1', 'sub done result', 'all done', 'sub', 'subtask', 'sub done']);
    expect(merged.conversations).toEqual([
      { label: 'manager', start: 0, end: 5 },
      { label: 'helper', start: 5, end: 8, parent: { conversation: 0, toolCallId: 'a1' } },
    ]);
    expect(merged.interleaved).toBe(true);
    expect(timelineNotes(merged, 3, 'LLM spans').at(-1)).toContain('2 conversations');
  });

  it('names the call a sub-agent answers by the task it was given; an unrelated run in another trace has no parent', () => {
    const two = m('ai', '', {
      toolCalls: [
        { id: 'c1', name: 'search_agent', args: { task: 'Find the population of Paris' }, raw: {} },
        { id: 'c2', name: 'search_agent', args: { task: 'Find the population of Rome' }, raw: {} },
      ],
    });
    const turns: CallTurn[] = [
      { input: [m('human', 'compare')], output: [two], trace: 't' },
      { input: [m('system', 'sub'), m('human', 'Task: Find the population of Rome')], output: [m('ai', 'about 2.8 million')], trace: 't' },
      { input: [m('human', 'other question')], output: [m('ai', 'other answer')], trace: 'u' },
      {
        input: [m('human', 'compare'), two, m('tool', 'p', { toolCallId: 'c1' }), m('tool', 'r', { toolCallId: 'c2' })],
        output: [m('ai', 'done')],
        trace: 't',
      },
    ];
    const { conversations } = mergeTurns(turns);
    expect(conversations.map((c) => c.parent)).toEqual([undefined, { conversation: 0, toolCallId: 'c2' }, undefined]);
  });

  it('starts a new conversation where a call does not repeat the history (another prompt, a trimmed history)', () => {
    const turns: CallTurn[] = [
      { input: [m('system', 's'), m('human', 'a')], output: [m('ai', 'b')] },
      { input: [m('system', 's'), m('human', 'c')], output: [m('ai', 'd')] },
    ];
    // Each conversation keeps its own system message: it is checked on its own.
    expect(texts(turns)).toEqual(['s', 'a', 'b', 's', 'c', 'd']);
    expect(mergeTurns(turns).conversations.map((c) => [c.start, c.end])).toEqual([
      [0, 3],
      [3, 6],
    ]);
  });

  it('keeps a call recorded twice once (two instrumentations, an operation span beside its model call)', () => {
    const sys = m('system', 'sys');
    const user = m('human', 'q');
    const answer = m('ai', '', { toolCalls: [{ id: 'c1', name: 'f', args: {}, raw: {} }] });
    const result = m('tool', 'r1', { toolCallId: 'c1' });
    const final = m('ai', 'done');
    const copy = (draft: MessageDraft): MessageDraft => ({ ...draft, location: { path: `copy of ${draft.location.path}` } });
    const turns: CallTurn[] = [
      { input: [sys, user], output: [answer] },
      { input: [sys, user].map(copy), output: [answer].map(copy) },
      { input: [sys, user, answer, result], output: [final] },
      { input: [sys, user, answer, result].map(copy), output: [final].map(copy) },
    ];
    const merged = mergeTurns(turns);
    expect(merged.messages).toEqual([sys, user, answer, result, final]);
    expect(merged.duplicates).toBe(2);
    expect(merged.conversations).toHaveLength(1);
    expect(timelineNotes(merged, 4, 'LLM spans')).toContain(
      "2 spans record a call already read (same input, same output: two instrumentations, a wrapper's span around the model call, an operation span beside it): shown once.",
    );
  });

  it('takes an answer the framework re-sends in its own words (smolagents) as that answer, not a new conversation', () => {
    const answer = m('ai', 'I will search.', { toolCalls: [{ id: 'call_1', name: 'web_search', args: { q: 'x' }, raw: {} }] });
    const thought = m('ai', 'I will search.');
    const resentCall = m('ai', "Calling tools:\n[{'id': 'call_1'}]", { toolCalls: [{ id: 'call_1', name: 'web_search', args: { q: 'x' }, raw: {} }] });
    const observation = m('tool', 'Observation:\nfound', { toolCallId: 'call_1' });
    const code = m('ai', 'Thought: add\nCode:\n```py\nprint(1+1)\n```');
    const codeCall = m('ai', "Calling tools:\n[{'id': 'call_2', 'function': {'name': 'python_interpreter'}}]", {
      toolCalls: [{ id: 'call_2', name: 'python_interpreter', args: 'print(1+1)', raw: {} }],
    });
    const turns: CallTurn[] = [
      { input: [m('system', 's'), m('human', 'task')], output: [answer] },
      { input: [m('system', 's'), m('human', 'task'), thought, resentCall, observation], output: [code] },
      // The code answer comes back stripped, with the call the framework made of it.
      {
        input: [
          m('system', 's'),
          m('human', 'task'),
          thought,
          resentCall,
          observation,
          m('ai', `${code.text}<end_code>`),
          codeCall,
          m('tool', 'Observation:\n2', { toolCallId: 'call_2' }),
        ],
        output: [m('ai', '2')],
      },
    ];
    const merged = mergeTurns(turns);
    expect(merged.conversations).toHaveLength(1);
    expect(merged.messages.map((d) => d.text)).toEqual([
      's',
      'task',
      'I will search.',
      'Observation:\nfound',
      code.text,
      codeCall.text,
      'Observation:\n2',
      '2',
    ]);
    expect(merged.messages[2]).toBe(answer);
    expect(merged.resent).toBe(3);
  });

  it('ends a conversation with the results recorded beside its last call, unless a later call sent them', () => {
    const answer = m('ai', '', { toolCalls: [{ id: 'c1', name: 'f', args: {}, raw: {} }] });
    const sideResult = m('tool', 'r1', { toolCallId: 'c1' });
    expect(texts([{ input: [m('human', 'q')], output: [answer], results: [sideResult] }])).toEqual(['q', 'c1', 'r1']);
    const sent = m('tool', 'r1', { toolCallId: 'c1' });
    const turns: CallTurn[] = [
      { input: [m('human', 'q')], output: [answer], results: [sideResult] },
      { input: [m('human', 'q'), answer, sent], output: [m('ai', 'done')] },
    ];
    expect(mergeTurns(turns).messages).toEqual([turns[0]?.input[0], answer, sent, turns[1]?.output[0]]);
  });

  it('puts a call whose input was not recorded after the latest call of its trace', () => {
    const turns: CallTurn[] = [
      { input: [m('human', 'q')], output: [call('c1')], trace: 't' },
      { input: [], output: [m('ai', 'a2')], trace: 't' },
      { input: [], output: [m('ai', 'elsewhere')], trace: 'u' },
    ];
    expect(texts(turns)).toEqual(['q', 'c1', 'a2', 'elsewhere']);
    expect(mergeTurns(turns).conversations.map((c) => [c.start, c.end])).toEqual([
      [0, 3],
      [3, 4],
    ]);
  });

  it('goes on with a conversation another agent takes over behind its own instructions (a hand-off), naming who spoke', () => {
    const transfer = m('ai', '', { toolCalls: [{ id: 'h1', name: 'transfer_to_billing', args: {}, raw: {} }] });
    const turns: CallTurn[] = [
      { input: [m('system', 'You triage.'), m('human', 'What do I owe?')], output: [transfer], trace: 't', label: 'Triage', agent: 'Triage' },
      {
        input: [m('system', 'You do billing.'), m('human', 'What do I owe?'), transfer, m('tool', '{"assistant": "Billing"}', { toolCallId: 'h1' })],
        output: [m('ai', '$5')],
        trace: 't',
        label: 'Billing',
        agent: 'Billing',
      },
      {
        input: [
          m('system', 'You do billing.'),
          m('human', 'What do I owe?'),
          transfer,
          m('tool', '{"assistant": "Billing"}', { toolCallId: 'h1' }),
          m('ai', '$5'),
          m('human', 'Thanks'),
        ],
        output: [m('ai', 'Welcome')],
        trace: 't',
        label: 'Billing',
        agent: 'Billing',
      },
    ];
    const merged = mergeTurns(turns);
    expect(merged.messages.map((d) => [d.role, d.text, d.name])).toEqual([
      ['system', 'You triage.', 'Triage'],
      ['human', 'What do I owe?', undefined],
      ['ai', '', 'Triage'],
      ['tool', '{"assistant": "Billing"}', undefined],
      ['system', 'You do billing.', 'Billing'],
      ['ai', '$5', 'Billing'],
      ['human', 'Thanks', undefined],
      ['ai', 'Welcome', 'Billing'],
    ]);
    expect(merged.conversations).toEqual([{ label: 'Triage', start: 0, end: 8 }]);
    expect([merged.handOffs, merged.repeated]).toEqual([1, 2 + 5]);
    expect(timelineNotes(merged, 3, 'LLM spans')[1]).toMatch(/^1 hand-off: /);
  });

  it('does not take a call for a hand-off when the agent is the same or unknown, nor name a single agent', () => {
    const first: CallTurn = { input: [m('system', 'v1'), m('human', 'q')], output: [m('ai', 'a')], agent: 'A' };
    const same = mergeTurns([first, { input: [m('system', 'v2'), m('human', 'q'), m('ai', 'a'), m('human', 'q2')], output: [m('ai', 'b')], agent: 'A' }]);
    expect(same.conversations.length).toBe(2);
    expect(same.messages.map((d) => d.name)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
    const unknown = mergeTurns([first, { input: [m('system', 'v2'), m('human', 'q'), m('ai', 'a'), m('human', 'q2')], output: [m('ai', 'b')] }]);
    expect([unknown.conversations.length, unknown.handOffs]).toEqual([2, 0]);
  });

  it("keeps a sub-agent started by a tool run under that call, even when it is handed the caller's history", () => {
    const ask = m('ai', '', { toolCalls: [{ id: 'c1', name: 'research', args: { q: 'x' }, raw: {} }] });
    const turns: CallTurn[] = [
      { input: [m('human', 'task')], output: [ask], trace: 't' },
      { input: [m('human', 'task'), ask, m('human', 'sub task')], output: [m('ai', 'found')], trace: 't', startedBy: { toolCallId: 'c1' } },
    ];
    const merged = mergeTurns(turns);
    expect(merged.conversations).toEqual([
      { label: 'conversation 1', start: 0, end: 2 },
      { label: 'conversation 2', start: 2, end: 6, parent: { conversation: 0, toolCallId: 'c1' } },
    ]);
    // Without the tool run, the same call would go on with the caller's conversation.
    expect(mergeTurns(turns.map((turn) => ({ ...turn, startedBy: undefined }))).conversations.length).toBe(1);
  });

  it('matches inputs against a prefix by content', () => {
    expect(startsWith([m('human', ' q '), m('ai', 'a')], [m('human', 'q')])).toBe(true);
    expect(startsWith([m('human', 'q')], [m('human', 'q'), m('ai', 'a')])).toBe(false);
    expect(startsWith([m('ai', 'x')], [m('human', 'x')])).toBe(false);
  });
});
