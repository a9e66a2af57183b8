import { describe, expect, it } from 'vitest';
import full from '../../../../fixtures/real/swe-agent/6e44b9__sweagenttestrepo-1c2844.traj?raw';
import demonstration from '../../../../fixtures/real/swe-agent/function_calling_simple.traj?raw';
import older from '../../../../fixtures/real/swe-agent/pydicom__pydicom-1458.traj?raw';
import { importText } from '../../import';
import { input, json, rules, transcript } from '../../testing/importing';
import { detectFormat } from '../registry';
import { sweAgentTraj } from './sweAgentTraj';

const system = { role: 'system', content: 'You are a programmer.', agent: 'main', message_type: 'system_prompt' };
const issue = { role: 'user', content: 'Fix the bug.', agent: 'main', message_type: 'observation' };
const call = (id: string, name: string) => ({ id, type: 'function', function: { name, arguments: '{}' } });

describe('swe-agent-traj real files', () => {
  it('reads a full trajectory: the history as messages, results linked by tool_call_ids, trajectory and info in notes', () => {
    const t = transcript(full);
    expect([t.format, t.formatLabel]).toEqual(['swe-agent-traj', 'SWE-agent trajectory']);
    expect(t.messages.map((m) => [m.role, m.location.path])).toEqual([
      ['system', 'history[0]'],
      ['human', 'history[1]'],
      ['ai', 'history[2]'],
      ['tool', 'history[3]'],
      ['ai', 'history[4]'],
      ['tool', 'history[5]'],
      ['ai', 'history[6]'],
      ['tool', 'history[7]'],
      ['ai', 'history[8]'],
      ['tool', 'history[9]'],
    ]);
    expect(t.messages[2]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([
      ['call_fJuazlMUN5fQDQ73G6XSpYpx', 'find_file', { file_name: 'missing_colon.py' }],
    ]);
    expect(t.messages[2]?.text).toMatch(/^To start addressing this issue, I will first search for the `missing_colon.py` file/);
    expect(t.links.get('call_DVnbJcFrvwPsrPt3KfIMf7OH')).toEqual({
      id: 'call_DVnbJcFrvwPsrPt3KfIMf7OH',
      calls: [{ messageIndex: 6, callIndex: 0 }],
      results: [7],
    });
    expect(t.messages[7]?.text).toMatch(/^Replaced 1 occurrences\. Please review the changes and make s/);
    expect(t.notes).toEqual([
      'trajectory: 5 steps (thought, action, observation, the query sent) of the same run; not read again as messages.',
      'info: exit status submitted, a submission of 315 characters (the diff), model_stats 7141 tokens sent and 243 received over 5 API calls (totals, not per message).',
    ]);
    expect(t.findings).toEqual([]);
  });

  it('reads a demonstration that holds only a history', () => {
    const t = transcript(demonstration);
    expect(t.format).toBe('swe-agent-traj');
    expect(t.messages).toHaveLength(12);
    expect(t.links.callCount).toBe(5);
    expect(t.messages.filter((m) => m.role === 'tool').map((m) => m.toolCallId)).toEqual([
      'call_PbWErNIge3YTrli3fiVvmIid',
      'call_upNLxh7rBcDH9w5XiNdoAS0I',
      'call_hIiDKXAXZl4qMHV6RRXvil4u',
      'call_5O339epJ3rKjEal3Kuvpj9bM',
      'call_6zuFhIfpOAi1jAiD2QHMmh6S',
    ]);
    // The submit call is answered by the diff.
    expect(t.messages[11]?.text).toMatch(/^\r\ndiff --git a\/tests\/missing_colon.py/);
    expect(t.notes).toBeUndefined();
    expect(rules(t)).toEqual([]);
  });

  it('reads an older trajectory without function calling: commands stay in the assistant text', () => {
    const t = transcript(older);
    expect(t.format).toBe('swe-agent-traj');
    // System, the demonstration, the issue, then thought-and-command and observation turns.
    const turns = Array.from({ length: 23 }, (_, i) => (i % 2 === 0 ? 'ai' : 'human'));
    expect(t.messages.map((m) => m.role)).toEqual(['system', 'human', 'human', ...turns]);
    expect(t.links.callCount).toBe(0);
    expect(t.messages[25]?.text).toContain('The `reproduce_bug.py` script has been successfully removed.');
    expect(t.notes?.[0]).toBe('1 message is a demonstration (is_demo) put before the task.');
    expect(t.notes?.[2]).toMatch(/^info: exit status submitted, a submission of 803 characters/);
  });
});

describe('swe-agent-traj shapes', () => {
  it('claims a history only with SWE-agent marks or a trajectory beside it', () => {
    expect(sweAgentTraj.detect(input({ history: [system, issue] }))).toBe(100);
    expect(sweAgentTraj.detect(input({ history: [{ role: 'user', content: 'hi' }], trajectory: [] }))).toBe(100);
    expect(sweAgentTraj.detect(input({ history: [{ role: 'user', content: 'hi' }] }))).toBe(40);
    expect(sweAgentTraj.detect(input({ history: [{ text: 'hi' }], trajectory: [] }))).toBe(0);
    expect(sweAgentTraj.detect(input({ messages: [system] }))).toBe(0);
    expect(detectFormat(input({ history: [system, issue], info: {} }))?.name).toBe('swe-agent-traj');
  });

  it('reads thinking blocks as reasoning and links a result naming several ids to the first', () => {
    const t = transcript(
      json({
        history: [
          system,
          issue,
          {
            role: 'assistant',
            content: 'Look first.',
            agent: 'main',
            message_type: 'action',
            tool_calls: [call('c1', 'ls')],
            thinking_blocks: [{ type: 'thinking', thinking: 'The repo is small.', signature: 'sig' }],
          },
          { role: 'tool', content: 'a.py', agent: 'main', message_type: 'observation', tool_call_ids: ['c1', 'c2'] },
        ],
      }),
    );
    expect(t.messages[2]?.content.map((b) => [b.kind, b.text])).toEqual([
      ['reasoning', 'The repo is small.'],
      ['text', 'Look first.'],
    ]);
    expect(t.messages[3]?.toolCallId).toBe('c1');
    expect(t.notes).toEqual(['1 tool message names several tool_call_ids; linked to the first, the one SWE-agent sends.']);
    expect(rules(t)).toEqual([]);
  });

  it('reads a retry loop: one conversation an attempt', () => {
    const attempt = (answer: string) => ({
      history: [system, issue, { role: 'assistant', content: answer, agent: 'main' }],
      info: { exit_status: 'submitted' },
    });
    const result = importText(json({ attempts: [attempt('First try.'), attempt('Second try.')], history: attempt('Second try.').history, info: {} }));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.conversations?.map((c) => [c.label, c.transcript.messages.length])).toEqual([
      ['attempt 1', 3],
      ['attempt 2', 3],
    ]);
    expect(result.conversations?.[1]?.transcript.messages[2]).toMatchObject({ text: 'Second try.', location: { path: 'attempts[1].history[2]' } });
    expect(result.transcript.notes).toEqual([
      'attempts[0].info: exit status submitted.',
      'attempts[1].info: exit status submitted.',
      'The top-level history repeats the chosen attempt; it is shown as that attempt.',
    ]);
  });

  it('keeps an entry it cannot read, saying why', () => {
    const t = transcript(json({ history: [system, { role: 42, content: 'x', agent: 'main' }] }), 'swe-agent-traj');
    expect(t.messages[1]).toMatchObject({ role: 'other', problem: 'expected a string `role`', location: { path: 'history[1]' } });
  });
});
