import { describe, expect, it } from 'vitest';
import type { CheckReport } from './report';
import { run } from './run';
import { fakeIo } from './testing/io';

// Two Inspect samples: the first healthy, the second answering a call nobody made.
const sample = (id: string, messages: unknown[]) => ({ id, epoch: 1, input: 'q', target: 'a', messages });
const LOG = JSON.stringify({
  version: 2,
  eval: { task: 't' },
  samples: [
    sample('one', [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
    ]),
    sample('two', [
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'ls' },
      { role: 'tool', tool_call_id: 'call_x', function: 'bash', content: 'a.txt' },
      { role: 'assistant', content: 'done' },
    ]),
  ],
});

const checkJson = async (...args: string[]) => {
  const io = fakeIo({ stdin: LOG });
  const code = await run(['check', '-', '--json', ...args], io);
  return { code, io, report: io.out === '' ? undefined : (JSON.parse(io.out) as CheckReport) };
};

describe('a file of several conversations', () => {
  it('check --json keeps the totals and adds each conversation with its own indices', async () => {
    const { code, report } = await checkJson();
    expect(code).toBe(1);
    expect(report).toMatchObject({ kind: 'collection', messages: 6, toolCalls: 0 });
    expect(report?.conversations?.map((c) => [c.label, c.kind, c.firstMessage, c.messages, c.findings.map((f) => [f.rule, f.messageIndex])])).toEqual([
      ['sample one, epoch 1', 'history', 0, 2, []],
      ['sample two, epoch 1', 'history', 2, 4, [['orphan-tool-result', 2]]],
    ]);
    // File-wide, the finding's message is the file's fifth, in the second conversation.
    expect(report?.findings.map((f) => [f.rule, f.messageIndex, f.conversation])).toEqual([['orphan-tool-result', 4, 1]]);
    expect(report?.verdicts.find((v) => v.target === 'openai-chat')).toMatchObject({ accepted: false, problems: [{ messageIndices: [4] }] });
  });

  it('a file whose messages were mostly not read: its verdicts and those of the conversation cannot judge, and check fails', async () => {
    const log = JSON.stringify({
      version: 2,
      eval: { task: 't' },
      samples: [
        sample('one', [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello' },
        ]),
        sample('two', [1, 2, 3]),
      ],
    });
    const io = fakeIo({ stdin: log });
    const code = await run(['check', '-', '--json'], io);
    const report = JSON.parse(io.out) as CheckReport;
    expect(report.verdicts.map((v) => [v.accepted, v.unjudged])).toEqual(report.verdicts.map(() => [true, { unread: 3, total: 5 }]));
    expect(report.conversations?.map((c) => c.verdicts[0]?.unjudged)).toEqual([undefined, { unread: 3, total: 3 }]);
    expect(code).toBe(1);
  });

  it('the human report lists the conversations and names a finding by its conversation', async () => {
    const io = fakeIo({ stdin: LOG });
    expect(await run(['check', '-'], io)).toBe(1);
    expect(io.out).toContain('(inspect), a collection\n2 conversations, 6 messages, 0 tool calls, 1 finding\n');
    expect(io.out).toContain('  sample two, epoch 1: 4 messages, 0 tool calls, 1 finding (1 error)\n');
    expect(io.out).toContain('orphan-tool-result  sample two, epoch 1 #2');
  });

  it('--conversation checks one, by position or label; an unknown one lists them', async () => {
    const first = await checkJson('--conversation', '1');
    expect([first.code, first.report?.kind, first.report?.messages, first.report?.conversations]).toEqual([0, 'history', 2, undefined]);
    const second = await checkJson('--conversation', 'sample two, epoch 1');
    expect([second.code, second.report?.messages]).toEqual([1, 4]);
    const missing = await checkJson('--conversation', '3');
    expect(missing.code).toBe(2);
    expect(missing.io.err).toBe(
      'msgscope: stdin: no conversation "3"; it holds 2:\n  1  sample one, epoch 1 (2 messages)\n  2  sample two, epoch 1 (4 messages)\n',
    );
  });

  it('convert writes the first conversation and says so, or the one asked for', async () => {
    const io = fakeIo({ stdin: LOG });
    expect(await run(['convert', '-', '--to', 'openai-chat'], io)).toBe(0);
    expect(io.err).toContain('msgscope: stdin holds 2 conversations; wrote the first (sample one, epoch 1). --conversation N writes another.\n');
    expect((JSON.parse(io.out) as { messages: unknown[] }).messages).toHaveLength(2);
    const second = fakeIo({ stdin: LOG });
    expect(await run(['convert', '-', '--to', 'openai-chat', '--conversation', '2'], second)).toBe(0);
    expect(second.err).not.toContain('holds 2 conversations');
    expect((JSON.parse(second.out) as { messages: unknown[] }).messages).toHaveLength(4);
  });
});
