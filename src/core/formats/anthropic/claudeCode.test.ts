import { describe, expect, it } from 'vitest';
import clean from '../../../../fixtures/formats/claude-code/clean.jsonl?raw';
import fault from '../../../../fixtures/formats/claude-code/fault.jsonl?raw';
import toolCalls from '../../../../fixtures/formats/claude-code/tool-calls.jsonl?raw';
import streamJson from '../../../../fixtures/real/claude-agent-sdk-gleam/basic_query.ndjson?raw';
import loglines from '../../../../fixtures/real/claude-code-transcripts/sample_session.json?raw';
import { importText } from '../../import';
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

  it('notes the moves in the transcript', () => {
    const t = transcript(jsonl([assistant('a2', 'u1', 'msg_1', [{ type: 'text', text: 'hello' }]), user('u1', null, 'hi')]));
    expect(t.messages.map((m) => [m.role, m.text])).toEqual([
      ['human', 'hi'],
      ['ai', 'hello'],
    ]);
    expect(t.notes).toEqual(['1 entry comes before its parent (parentUuid) in the file and is shown after it.']);
  });
});

describe('claude-code sub-agents', () => {
  const task = (uuid: string, parentUuid: string | null, id: string, prompt: string) =>
    assistant(uuid, parentUuid, `msg_${uuid}`, [
      { type: 'tool_use', id, name: 'Task', input: { description: 'Look around', prompt, subagent_type: 'Explore' } },
    ]);

  it('reads each sidechain run as a conversation of its own, under the Task call that started it', () => {
    const lines = [
      user('u1', null, 'explore the repo'),
      task('a1', 'u1', 'toolu_task', 'List the files.'),
      // The run, interleaved with the main session as Claude Code writes it; found by its first prompt.
      { ...user('s1', null, 'List the files.'), isSidechain: true },
      { ...assistant('s2', 's1', 'msg_s2', [{ type: 'tool_use', id: 'toolu_ls', name: 'Bash', input: { command: 'ls' } }]), isSidechain: true },
      { ...user('s3', 's2', [{ type: 'tool_result', tool_use_id: 'toolu_ls', content: 'a.ts' }]), isSidechain: true },
      { ...assistant('s4', 's3', 'msg_s4', [{ type: 'text', text: 'One file: a.ts' }]), isSidechain: true },
      user('u2', 'a1', [{ type: 'tool_result', tool_use_id: 'toolu_task', content: 'One file: a.ts' }]),
      assistant('a3', 'u2', 'msg_a3', [{ type: 'text', text: 'The repo has a.ts.' }]),
    ];
    const result = importText(jsonl(lines));
    if (!result.ok) throw new Error(result.error.message);
    const conversations = result.conversations ?? [];
    expect(conversations.map((c) => [c.label, c.parent, c.transcript.messages.map((m) => [m.role, m.location.path])])).toEqual([
      [
        'main',
        undefined,
        [
          ['human', 'line 1'],
          ['ai', 'line 2'],
          ['tool', 'line 7'],
          ['ai', 'line 8'],
        ],
      ],
      [
        'sub-agent toolu_task',
        { conversation: 0, toolCallId: 'toolu_task' },
        [
          ['human', 'line 3'],
          ['ai', 'line 4'],
          ['tool', 'line 5'],
          ['ai', 'line 6'],
        ],
      ],
    ]);
    expect(conversations.flatMap((c) => rules(c.transcript))).toEqual([]);
    expect(result.transcript.notes).toEqual(['4 sub-agent (sidechain) entries are read as 1 conversation of its own after the main one.']);
  });

  it('names a run by its agentId, found through the result that reports it, and says when no call started it', () => {
    const lines = [
      user('u1', null, 'go'),
      task('a1', 'u1', 'toolu_task', 'Prompt A'),
      { ...user('s1', null, 'Prompt A'), isSidechain: true, agentId: 'ag1' },
      { ...assistant('s2', 's1', 'msg_s2', [{ type: 'text', text: 'done A' }]), isSidechain: true, agentId: 'ag1' },
      { ...user('u2', 'a1', [{ type: 'tool_result', tool_use_id: 'toolu_task', content: 'done A' }]), toolUseResult: { status: 'completed', agentId: 'ag1' } },
      { ...user('x1', null, 'a prompt no call made'), isSidechain: true, agentId: 'ag2' },
    ];
    const result = importText(jsonl(lines));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.conversations?.map((c) => [c.label, c.parent, c.transcript.messages.length])).toEqual([
      ['main', undefined, 3],
      ['sub-agent ag1', { conversation: 0, toolCallId: 'toolu_task' }, 2],
      ['sub-agent ag2', { conversation: 0 }, 1],
    ]);
    expect(result.transcript.notes).toEqual([
      '3 sub-agent (sidechain) entries are read as 2 conversations of their own after the main one; 1 of them names no Task call of this file.',
    ]);
  });

  it('keeps a log that is all one sub-agent run as one conversation', () => {
    const t = transcript(
      jsonl([
        { ...user('s1', null, 'Warmup'), isSidechain: true, agentId: 'ag' },
        { ...assistant('s2', 's1', 'm', [{ type: 'text', text: 'ok' }]), isSidechain: true, agentId: 'ag' },
      ]),
    );
    expect(t.messages.map((m) => m.role)).toEqual(['human', 'ai']);
    expect(t.notes).toEqual(["All 2 entries are one sub-agent's run (a sidechain log); the main conversation is not in this file."]);
  });
});

describe('claude-code web export and stream-json', () => {
  it('reads the web session export {"loglines": [...]}, whose entries carry no ids', () => {
    const t = transcript(loglines);
    expect(t.format).toBe('claude-code');
    expect(t.messages).toHaveLength(33);
    expect(t.messages.slice(0, 3).map((m) => [m.role, m.location.path, m.timestamp])).toEqual([
      ['human', 'loglines[0]', '2025-12-24T10:00:00.000Z'],
      ['ai', 'loglines[1]', '2025-12-24T10:00:05.000Z'],
      ['tool', 'loglines[2]', '2025-12-24T10:00:10.000Z'],
    ]);
    expect(t.messages[0]?.text).toBe('Create a simple Python function to add two numbers');
    expect(t.messages[1]?.content.map((b) => b.kind)).toEqual(['reasoning', 'text', 'tool_call']);
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.name])).toEqual([['toolu_write_001', 'Write']]);
    expect(t.messages[2]).toMatchObject({ toolCallId: 'toolu_write_001', text: 'File written successfully' });
    expect(t.messages.filter((m) => m.role === 'tool')).toHaveLength(12);
    expect([...t.links.values()].every((link) => link.calls.length === 1 && link.results.length === 1)).toBe(true);
  });

  it('reads `claude -p --output-format stream-json`: the init line, the answer, and the result as a note', () => {
    const t = transcript(streamJson);
    expect(t.format).toBe('claude-code');
    expect(t.messages.map((m) => [m.role, m.text, m.id])).toEqual([
      ['other', 'init', '99724e0b-d1e8-4b06-a504-11672c2be669'],
      ['ai', '4', 'msg_01Y1Lo6gYUXN71XaAq7sjUPm'],
    ]);
    expect(t.messages[1]?.usage).toMatchObject({ output: 5, cacheCreation: 21570 });
    expect(t.notes).toEqual([
      'Run result (success): 1 turn, 2.4 s (API 2.3 s), $0.1354875, 10 input tokens (and 0 cache read, 21570 cache write), 25 output tokens.',
    ]);
  });

  it('reads stream-json sub-agent lines (parent_tool_use_id) as conversations under their Task call', () => {
    const line = (type: string, content: unknown[], parent: string | null, id?: string) => ({
      type,
      message: { ...(id !== undefined && { id }), role: type, content },
      parent_tool_use_id: parent,
      session_id: 's',
    });
    const lines = [
      { type: 'system', subtype: 'init', session_id: 's', uuid: 'i' },
      line('assistant', [{ type: 'tool_use', id: 'toolu_task', name: 'Task', input: { prompt: 'count', description: 'Count' } }], null, 'msg_1'),
      line('user', [{ type: 'text', text: 'count' }], 'toolu_task'),
      line('assistant', [{ type: 'text', text: 'three' }], 'toolu_task', 'msg_2'),
      line('user', [{ type: 'tool_result', tool_use_id: 'toolu_task', content: 'three' }], null),
      line('assistant', [{ type: 'text', text: 'There are three.' }], null, 'msg_3'),
      { type: 'result', subtype: 'error_max_turns', is_error: true, num_turns: 3, session_id: 's', errors: ['too many turns'] },
    ];
    const result = importText(jsonl(lines));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.conversations?.map((c) => [c.label, c.parent, c.transcript.messages.map((m) => m.text)])).toEqual([
      ['main', undefined, ['init', '', 'three', 'There are three.']],
      ['sub-agent toolu_task', { conversation: 0, toolCallId: 'toolu_task' }, ['count', 'three']],
    ]);
    expect(result.transcript.notes).toEqual([
      'Run result (error_max_turns, is_error): 3 turns. Errors: too many turns.',
      '2 sub-agent (sidechain) entries are read as 1 conversation of its own after the main one.',
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
    expect(claudeCode.detect(input({ loglines: [{ line: 'server started' }] }))).toBe(0);
  });

  it('claims stream-json lines by their session_id, and the web export by its wrapper', () => {
    expect(score([{ type: 'assistant', message: { role: 'assistant', content: [] }, session_id: 's' }])).toBe(100);
    expect(claudeCode.detect(input({ loglines: [{ type: 'user', message: { role: 'user', content: 'hi' } }] }))).toBe(100);
  });
});
