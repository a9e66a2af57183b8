import { describe, expect, it } from 'vitest';
import type { Role } from '../../model';
import { mergeTurns, repeatedNote, type CallTurn } from './spanTimeline';
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

  it('keeps interleaved conversations (an agent and its sub-agent) apart', () => {
    const turns: CallTurn[] = [
      { input: [m('system', 'main'), m('human', 'task')], output: [call('a1')] },
      { input: [m('system', 'sub'), m('human', 'subtask')], output: [m('ai', 'sub done')] },
      { input: [m('system', 'main'), m('human', 'task'), call('a1'), m('tool', 'sub done result', { toolCallId: 'a1' })], output: [m('ai', 'all done')] },
    ];
    expect(texts(turns)).toEqual(['main', 'task', 'a1', 'sub', 'subtask', 'sub done', 'sub done result', 'all done']);
  });

  it('shows a trimmed history again from where it differs', () => {
    const turns: CallTurn[] = [
      { input: [m('system', 's'), m('human', 'a')], output: [m('ai', 'b')] },
      { input: [m('system', 's'), m('human', 'c')], output: [m('ai', 'd')] },
    ];
    expect(texts(turns)).toEqual(['s', 'a', 'b', 'c', 'd']);
  });
});
