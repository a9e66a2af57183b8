import { describe, expect, it } from 'vitest';
import clean from '../../../../fixtures/formats/claude-code/clean.jsonl?raw';
import fault from '../../../../fixtures/formats/claude-code/fault.jsonl?raw';
import toolCalls from '../../../../fixtures/formats/claude-code/tool-calls.jsonl?raw';
import { input, rules, transcript } from '../../testing/importing';
import { claudeCode, parentOrder } from './claudeCode';

const jsonl = (entries: unknown[]): string => entries.map((e) => JSON.stringify(e)).join('\n');

const user = (uuid: string, parentUuid: string | null, content: unknown) => ({
  type: 'user',
  uuid,
  parentUuid,
  sessionId: 's',
  message: { role: 'user', content },
});
const assistant = (uuid: string, parentUuid: string | null, id: string, content: unknown[]) => ({
  type: 'assistant',
  uuid,
  parentUuid,
  sessionId: 's',
  message: { id, type: 'message', role: 'assistant', content, usage: { input_tokens: 1, output_tokens: 2 } },
});

describe('claude-code fixtures', () => {
  it('reads a session: split assistant lines merge, non-message entries are counted', () => {
    const t = transcript(clean);
    expect([t.format, t.formatLabel]).toEqual(['claude-code', 'Claude Code session log']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.id, m.location.path])).toEqual([
      ['human', 'user', '9ff20001-1a2b-4c3d-8e4f-5a6b7c8d9e0f', 'line 3'],
      ['ai', 'assistant', 'msg_01EXAMPLEa', 'line 4'],
      ['tool', 'tool_result', '9ff20004-1a2b-4c3d-8e4f-5a6b7c8d9e0f', 'line 6'],
      ['ai', 'assistant', 'msg_01EXAMPLEb', 'line 7'],
      ['other', 'system', '9ff20006-1a2b-4c3d-8e4f-5a6b7c8d9e0f', 'line 8'],
    ]);
    const ai = t.messages[1];
    expect(ai?.content.map((b) => b.kind)).toEqual(['reasoning', 'tool_call']);
    expect(ai?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([
      ['toolu_01', 'Bash', { command: 'touch a.json', description: 'Create the config file' }],
    ]);
    expect(ai).toMatchObject({ model: 'claude-opus-4-20250514', timestamp: '2025-05-26T07:27:42.100Z' });
    // Both lines, verbatim; the usage they repeat counts once.
    expect(Array.isArray(ai?.raw) && ai.raw.length).toBe(2);
    expect(ai?.usage).toEqual({ input: 4 + 12000 + 1000, output: 200, total: 13204, totalReported: false, cacheRead: 12000, cacheCreation: 1000 });
    expect(t.tokens.totals).toMatchObject({ input: 13004 + 13256, output: 209, messagesWithUsage: 2 });
    // The tool result keeps its whole line, toolUseResult included.
    expect(t.messages[2]).toMatchObject({ toolCallId: 'toolu_01', status: 'success', raw: { toolUseResult: { interrupted: false } } });
    expect(t.messages[4]?.text).toBe('turn_duration');
    expect(t.notes).toEqual([
      'Skipped 2 log entries that are not messages: 1 summary, 1 file-history-snapshot.',
      'Merged 1 assistant line into the AI message it continues (same message.id).',
    ]);
    expect(rules(t)).toEqual([]);
  });

  it('merges a response whose tool results were written between its lines', () => {
    const t = transcript(toolCalls);
    expect(t.format).toBe('claude-code');
    expect(t.messages.map((m) => [m.role, m.toolCallId, m.location.path])).toEqual([
      ['human', undefined, 'line 1'],
      ['ai', undefined, 'line 2'],
      ['tool', 'toolu_grep', 'line 5'],
      ['tool', 'toolu_read', 'line 7'],
      ['ai', undefined, 'line 8'],
    ]);
    expect(t.messages[1]?.toolCalls.map((c) => c.name)).toEqual(['Grep', 'Read']);
    expect(t.messages[1]?.text).toBe("I'll search the code and read the README.");
    expect(t.links.get('toolu_read')).toEqual({ id: 'toolu_read', calls: [{ messageIndex: 1, callIndex: 1 }], results: [3] });
    expect(t.messages[1]?.usage?.input).toBe(3 + 2100 + 15000);
    expect(t.notes).toEqual([
      'Skipped 2 log entries that are not messages: 1 progress, 1 queue-operation.',
      'Merged 2 assistant lines into the AI messages they continue (same message.id).',
    ]);
    expect(rules(t)).toEqual([]);
  });

  it('flags an error result, an interrupted call and a cut-off line', () => {
    const t = transcript(fault);
    expect(t.format).toBe('claude-code');
    expect(t.messages.map((m) => m.role)).toEqual(['human', 'ai', 'tool', 'ai', 'human', 'other', 'other']);
    expect(t.messages[2]).toMatchObject({ status: 'error', text: '<tool_use_error>File does not exist.</tool_use_error>' });
    expect(t.messages[5]).toMatchObject({ sourceType: 'system', text: 'api_error: API Error: 529 Overloaded', timestamp: '2025-06-03T09:00:10.000Z' });
    expect(t.messages[6]).toMatchObject({ sourceType: '(unrecognized)', location: { path: 'line 7', line: 7, column: 1 } });
    expect(rules(t)).toEqual([
      ['tool-error', 2, 'toolu_missing'],
      ['orphan-tool-call', 3, 'toolu_bash'],
      ['unrecognized-message', 6, undefined],
    ]);
    expect(t.notes).toBeUndefined();
  });
});

describe('claude-code order', () => {
  it('keeps file order, moving an entry written before its parent after it', () => {
    const entries = [
      { uuid: 'b', parentUuid: 'a' },
      { uuid: 'c', parentUuid: 'b' },
      { uuid: 'a', parentUuid: null },
      { uuid: 'd', parentUuid: 'a' },
    ];
    expect(parentOrder(entries)).toEqual({ order: [2, 0, 1, 3], moved: 2 });
  });

  it('keeps branches and unknown parents in file order, and survives cycles', () => {
    expect(parentOrder([{ uuid: 'a' }, { uuid: 'b', parentUuid: 'a' }, { uuid: 'c', parentUuid: 'a' }, { uuid: 'd', parentUuid: 'zz' }, 'junk']).order).toEqual(
      [0, 1, 2, 3, 4],
    );
    expect(
      parentOrder([
        { uuid: 'a', parentUuid: 'b' },
        { uuid: 'b', parentUuid: 'a' },
      ]).order,
    ).toEqual([0, 1]);
  });

  it('notes the moves and sidechains in the transcript', () => {
    const t = transcript(
      jsonl([
        assistant('a2', 'u1', 'msg_1', [{ type: 'text', text: 'hello' }]),
        user('u1', null, 'hi'),
        { ...user('u2', 'a2', 'sub-agent prompt'), isSidechain: true },
      ]),
    );
    expect(t.messages.map((m) => [m.role, m.text])).toEqual([
      ['human', 'hi'],
      ['ai', 'hello'],
      ['human', 'sub-agent prompt'],
    ]);
    expect(t.notes).toEqual([
      '1 entry comes before its parent (parentUuid) in the file and is shown after it.',
      '1 sidechain (sub-agent) entry is shown in file order among the main conversation.',
    ]);
  });
});

describe('claude-code lines', () => {
  it('splits a user line with several results and text; the pieces get no duplicate ids', () => {
    const t = transcript(
      jsonl([
        assistant('a1', null, 'msg_1', [
          { type: 'tool_use', id: 't1', name: 'Read', input: {} },
          { type: 'tool_use', id: 't2', name: 'Read', input: {} },
        ]),
        user('u1', 'a1', [
          { type: 'tool_result', tool_use_id: 't1', content: 'one' },
          { type: 'tool_result', tool_use_id: 't2', content: [{ type: 'text', text: 'two' }] },
          { type: 'text', text: 'and stop' },
        ]),
      ]),
    );
    expect(t.messages.map((m) => [m.role, m.id, m.text, m.location.path])).toEqual([
      ['ai', 'msg_1', '', 'line 1'],
      ['tool', undefined, 'one', 'line 2'],
      ['tool', undefined, 'two', 'line 2'],
      ['human', undefined, 'and stop', 'line 2'],
    ]);
    expect(t.messages[1]?.raw).toEqual({ type: 'tool_result', tool_use_id: 't1', content: 'one' });
  });

  it('reads one pasted line, and keeps lines it cannot read', () => {
    const single = transcript(JSON.stringify(user('u1', null, 'hi')));
    expect(single.messages.map((m) => [m.role, m.location.path])).toEqual([['human', '']]);
    const t = transcript(jsonl([user('u1', null, 'hi'), { type: 'assistant', uuid: 'x' }, 5]), 'claude-code');
    expect(t.messages.map((m) => m.problem)).toEqual([
      undefined,
      'expected the assistant entry to have a `message` object',
      'expected a log entry with a string `type`',
    ]);
  });
});

describe('claude-code detection', () => {
  const score = (value: unknown) => claudeCode.detect(input(value, { jsonLines: true }));

  it('claims session lines even when the file starts with non-message entries', () => {
    expect(score([{ type: 'summary', summary: 's', leafUuid: 'x' }, user('u', null, 'hi')])).toBe(100);
    expect(score([{ type: 'summary', summary: 's', leafUuid: 'x' }, user('u', null, 'hi'), 'bad line'])).toBe(67);
    const snapshots = Array.from({ length: 60 }, () => ({ type: 'file-history-snapshot', messageId: 'm', snapshot: {} }));
    expect(score([...snapshots, user('u', null, 'hi')])).toBe(100);
  });

  it('leaves near misses alone', () => {
    // Anthropic messages, LangChain stored messages and dicts, summaries alone.
    expect(score([{ role: 'user', content: 'hi' }])).toBe(0);
    expect(score([{ type: 'human', data: { content: 'hi' } }])).toBe(0);
    expect(score([{ type: 'user', content: 'hi' }])).toBe(0);
    expect(score([{ type: 'user', message: { role: 'user', content: 'hi' } }])).toBe(0);
    expect(score([{ type: 'summary', summary: 's', leafUuid: 'x' }])).toBe(0);
  });
});
