import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckReport } from './report';
import { run } from './run';
import { fakeIo } from './testing/io';

// The same real histories the unit and e2e tests use.
const FIXTURES = join(import.meta.dirname, '../../fixtures');
const fixture = (name: string): string => join(FIXTURES, name);

async function checkJson(argv: string[], stdin?: string): Promise<{ code: number; report: CheckReport; err: string }> {
  const io = fakeIo(stdin === undefined ? {} : { stdin });
  const code = await run(['check', '--json', ...argv], io);
  expect(io.err).toBe('');
  return { code, report: JSON.parse(io.out) as CheckReport, err: io.err };
}

// Fixtures that are meant to be unreadable; every other one must import.
const UNREADABLE = new Set(['invalid.json']);

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);
const pick = (report: CheckReport, rule: string) => report.findings.filter((f) => f.rule === rule);

describe('msgscope check on every fixture', () => {
  // Every history file, subfolders included; READMEs describe fixtures and are not histories. fixtures/real
  // holds files of formats msgscope does not read yet, judged against their hand counts (expected.json).
  const names = readdirSync(FIXTURES, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.md') && !relative(FIXTURES, entry.parentPath).startsWith('real'))
    .map((entry) => relative(FIXTURES, join(entry.parentPath, entry.name)))
    .sort();

  it.each(names)('%s: --json is one well-formed object and the exit code follows the findings', async (name) => {
    const io = fakeIo();
    const code = await run(['check', fixture(name), '--json'], io);
    if (UNREADABLE.has(name)) {
      expect(code).toBe(2);
      expect(io.out).toBe('');
      expect(io.err).toMatch(/^msgscope: .+: .+/);
      return;
    }
    expect(io.err).toBe('');
    const report = JSON.parse(io.out) as CheckReport;
    const keys = ['format', 'formatLabel', 'kind', 'messages', 'toolCalls', 'findings', 'tokens', 'cost', 'verdicts', 'notes'];
    expect(Object.keys(report)).toEqual(report.kind === 'collection' ? [...keys, 'conversations'] : keys);
    // A collection's totals are its conversations' sums.
    const parts = report.conversations ?? [];
    if (parts.length > 0)
      expect([report.messages, report.findings.length]).toEqual([sum(parts.map((c) => c.messages)), sum(parts.map((c) => c.findings.length))]);
    expect(report.messages).toBeGreaterThan(0);
    expect(report.tokens.total).toBeGreaterThanOrEqual(0);
    for (const f of report.findings) {
      expect(f).toMatchObject({ rule: expect.any(String), severity: expect.stringMatching(/^(error|warning|info)$/), text: expect.any(String) });
      expect(f.messageIndex).toBeGreaterThanOrEqual(0);
      expect(f.messageIndex).toBeLessThan(report.messages);
    }
    const cannotJudge = report.verdicts.some((v) => v.unjudged !== undefined);
    expect(code).toBe(report.findings.some((f) => f.severity === 'error') || cannotJudge ? 1 : 0);
  });

  it.each(names)('%s: the human report agrees with --json', async (name) => {
    const json = fakeIo();
    const human = fakeIo();
    const jsonCode = await run(['check', fixture(name), '--json'], json);
    const humanCode = await run(['check', fixture(name)], human);
    expect(humanCode).toBe(jsonCode);
    if (jsonCode === 2) return;
    const report = JSON.parse(json.out) as CheckReport;
    expect(human.out).toContain(`(${report.format})`);
    // Counts a file does not report are not printed as 0.
    expect(human.out).toContain(report.tokens.reported ? `total ${report.tokens.total}` : 'Tokens: not reported');
    expect(human.out).toMatch(/^Cost: /m);
    for (const f of report.findings) {
      // A collection's finding is named by its conversation and its index there.
      const part = f.conversation === undefined ? undefined : report.conversations?.[f.conversation];
      expect(human.out).toContain(part ? `${f.rule}  ${part.label} #${f.messageIndex - part.firstMessage}` : `${f.rule}  #${f.messageIndex}`);
    }
    for (const v of report.verdicts) expect(human.out).toContain(`${v.label}: ${v.accepted ? (v.unjudged ? 'cannot judge' : 'accepts') : 'rejects'}`);
    for (const note of report.notes) expect(human.out).toContain(`Note: ${note}`);
  });
});

describe('msgscope check: expected findings', () => {
  it('anthropic-compaction.1.json (a real response): the compaction pass is counted and shown apart', async () => {
    const file = join(FIXTURES, 'real/vercel-ai/anthropic-compaction.1.json');
    const { report } = await checkJson([file]);
    expect(report.tokens).toMatchObject({ input: 61067, output: 1912, passes: [{ type: 'compaction', input: 60385, output: 592 }] });
    const io = fakeIo();
    await run(['check', file], io);
    expect(io.out).toContain('Tokens: input 61067, output 1912, total 62979 (compaction in 60385 out 592)\n');
  });

  it('gemini/fault.json: ids msgscope made up (Gemini calls have none) are not reported as ids, positions stand for them', async () => {
    const { report } = await checkJson([fixture('formats/gemini/fault.json')]);
    expect(report.findings.map((f) => [f.rule, f.toolCallId])).toEqual([
      ['orphan-tool-call', null],
      ['tool-error', null],
      ['orphan-tool-result', null],
    ]);
    const chat = report.verdicts.find((v) => v.target === 'openai-chat');
    expect(chat?.problems.map((p) => [p.messageIndices, p.ids])).toEqual([
      [[1], ['contents[1].parts[1]']],
      [[3], ['contents[2].parts[1]']],
    ]);
    expect(JSON.stringify(report)).not.toMatch(/(?<![a-z_])[a-z_]+@\d+\.\d+/);
  });

  it('weather-orphan.openai.json: misplaced, orphaned and broken tool results', async () => {
    const { code, report } = await checkJson([fixture('weather-orphan.openai.json')]);
    expect(code).toBe(1);
    expect(report).toMatchObject({ messages: 7, toolCalls: 2 });
    expect(pick(report, 'tool-results-not-adjacent')).toEqual([
      expect.objectContaining({ severity: 'error', messageIndex: 5, toolCallId: 'call_01_jD3phD5PEaIZf0mVLhKt0861' }),
    ]);
    expect(pick(report, 'orphan-tool-result')).toEqual([expect.objectContaining({ severity: 'error', messageIndex: 6, toolCallId: 'call_abc123' })]);
    expect(pick(report, 'invalid-tool-call')).toEqual([expect.objectContaining({ severity: 'error', toolCallId: 'call_01_jD3phD5PEaIZf0mVLhKt0861' })]);
  });

  it('tool-error-retry.langchain.json: a failed tool, an invalid call, and the token totals', async () => {
    const { code, report } = await checkJson([fixture('tool-error-retry.langchain.json')]);
    expect(code).toBe(1);
    expect(report.messages).toBe(7);
    expect(pick(report, 'tool-error')).toEqual([expect.objectContaining({ severity: 'warning', messageId: 't_1', toolCallId: 'call_order_1' })]);
    expect(pick(report, 'invalid-tool-call')).toEqual([expect.objectContaining({ severity: 'error', toolCallId: 'call_bad_2' })]);
    expect(report.tokens).toMatchObject({ input: 8727, output: 254, total: 8981, cacheRead: 2304, reasoning: 83 });
  });

  it('redis-logs.langchain.json (the built-in sample): clean, with its token totals', async () => {
    const { code, report } = await checkJson([fixture('redis-logs.langchain.json')]);
    expect(report.format).toBe('langchain-stored');
    expect(report.messages).toBe(5);
    expect(report.tokens).toMatchObject({ input: 970, output: 145, total: 1115 });
    expect(pick(report, 'orphan-tool-call')).toEqual([]);
    const cannotJudge = report.verdicts.some((v) => v.unjudged !== undefined);
    expect(code).toBe(report.findings.some((f) => f.severity === 'error') || cannotJudge ? 1 : 0);
  });
});

describe('msgscope check: input', () => {
  it('reads stdin for - and gives the same report as the file', async () => {
    const text = readFileSync(fixture('tool-error-retry.langchain.json'), 'utf8');
    const fromStdin = await checkJson(['-'], text);
    const fromFile = await checkJson([fixture('tool-error-retry.langchain.json')]);
    expect(fromStdin).toEqual(fromFile);
  });

  it('exits 2 on invalid JSON, naming line:column and showing the snippet', async () => {
    const text = '[\n  {"type": "human", "data": {"content": "hi"}},\n  {"type": "ai" "data": {"content": ""}}\n]\n';
    const io = fakeIo({ stdin: text });
    expect(await run(['check', '-', '--json'], io)).toBe(2);
    expect(io.out).toBe('');
    expect(io.err).toMatch(/^msgscope: stdin:3:17: /);
    expect(io.err).toContain('{"type": "ai" "data"');
  });

  it('exits 2 on invalid.json, pointing at the spot, and reads pasted Python repr output', async () => {
    const invalid = fakeIo();
    expect(await run(['check', fixture('invalid.json')], invalid)).toBe(2);
    expect(invalid.err).toMatch(/^msgscope: .*invalid\.json:3:42: /);
    expect(invalid.err).toContain('3 |   {"type": "ai", "data": {"content": "4" "id": "ai_1"}}');

    const python = fakeIo();
    expect(await run(['check', fixture('redis-logs.python.txt'), '--json'], python)).toBe(0);
    expect(JSON.parse(python.out)).toMatchObject({ format: 'langchain-repr', messages: 5, toolCalls: 1, tokens: { input: 970, output: 145, total: 1115 } });
  });

  it('exits 2 for a file that is not there', async () => {
    const io = fakeIo();
    expect(await run(['check', fixture('no-such-file.json')], io)).toBe(2);
    expect(io.err).toMatch(/^msgscope: cannot read .*no-such-file\.json: ENOENT/);
  });

  it('--format overrides detection, and an unknown format is an error', async () => {
    const path = fixture('redis-logs.langchain.json');
    const detected = await checkJson([path]);
    const forced = await checkJson([path, '--format', detected.report.format]);
    expect(forced.report).toEqual(detected.report);

    // Forced to a format that does not fit, the messages stay but none can be read.
    const wrong = await checkJson([fixture('weather-orphan.openai.json'), '--format', 'langchain-stored']);
    expect(wrong.report).toMatchObject({ format: 'langchain-stored', messages: 7, toolCalls: 0 });
    expect(new Set(wrong.report.findings.map((f) => f.rule))).toEqual(new Set(['unrecognized-message']));

    // A mistyped name is refused before the input is read, listing every valid name with its label.
    const io = fakeIo();
    expect(await run(['check', fixture('no-such-file.json'), '--format', 'no-such-format'], io)).toBe(2);
    expect(io.out).toBe('');
    expect(io.err).toMatch(/^msgscope: unknown format "no-such-format"\. Valid formats:\n/);
    expect(io.err).toMatch(/^ {2}langchain-stored +LangChain stored messages/m);
    expect(io.err).toMatch(/^ {2}claude-code +Claude Code/m);
  });
});

describe('msgscope check: verdicts and notes', () => {
  it('weather-orphan.openai.json: OpenAI Chat rejects with its error text; LangGraph accepts', async () => {
    const { report } = await checkJson([fixture('weather-orphan.openai.json')]);
    expect(report.verdicts.map((v) => v.target)).toEqual(['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'langgraph']);
    const chat = report.verdicts.find((v) => v.target === 'openai-chat');
    expect(chat?.accepted).toBe(false);
    expect(chat?.problems).toContainEqual(
      expect.objectContaining({
        rule: 'orphan-tool-result',
        error: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
        messageIndices: [6],
        ids: ['call_abc123'],
      }),
    );
    expect(report.verdicts.find((v) => v.target === 'langgraph')).toMatchObject({ accepted: true, problems: [] });
    expect(report.notes).toEqual([]);
  });

  it('a tool-calling response: exit 0, the call pending, every target accepts and says the next request needs its result', async () => {
    const { code, report } = await checkJson([fixture('formats/openai-chat/response.json')]);
    expect(code).toBe(0);
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(report.findings.find((f) => f.rule === 'pending-tool-call')).toMatchObject({ severity: 'info', toolCallId: 'call_abc' });
    expect(report.verdicts.every((v) => v.accepted && v.pending?.[0]?.ids[0] === 'call_abc')).toBe(true);
    const human = fakeIo();
    expect(await run(['check', fixture('formats/openai-chat/response.json')], human)).toBe(0);
    expect(report.kind).toBe('response');
    expect(human.out).toContain('OpenAI Chat Completions (openai-chat), a response\n');
    expect(report.findings.map((f) => f.rule)).toEqual(['pending-tool-call']);
    expect(human.out).toContain('✓ OpenAI Chat Completions: accepts, once the next request carries the result of the pending call');
    expect(human.out).toContain('#0 call_abc  without its result: An assistant message with');
  });

  it('read as a format it is not: no target accepts, each says how many messages were not read as what, and check fails', async () => {
    const file = fixture('weather-orphan.openai.json');
    const { code, report } = await checkJson([file, '--format', 'langchain-stored']);
    expect(report.findings.map((f) => f.rule)).toEqual(Array.from({ length: 7 }, () => 'unrecognized-message'));
    expect(report.verdicts.map((v) => [v.target, v.accepted, v.unjudged])).toEqual(
      ['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'langgraph'].map((target) => [target, true, { unread: 7, total: 7 }]),
    );
    // Only warnings, yet most of the input was not looked at: passing would say the history is fine.
    expect(code).toBe(1);
    const human = fakeIo();
    expect(await run(['check', file, '--format', 'langchain-stored'], human)).toBe(1);
    expect(human.out).toContain('  ? OpenAI Chat Completions: cannot judge: 7 of 7 messages were not read as LangChain stored messages\n');
    expect(human.out).toContain("  ? LangGraph's create_react_agent: cannot judge: 7 of 7 messages were not read as LangChain stored messages\n");
    expect(human.out).not.toContain('accepts');
    // Read as what it is, the same file is judged.
    const right = await checkJson([file]);
    expect(right.report.verdicts.every((v) => v.unjudged === undefined)).toBe(true);
  });

  it('a Claude Code log: notes say what the reader skipped, in --json and in the report', async () => {
    const { report } = await checkJson([fixture('formats/claude-code/tool-calls.jsonl')]);
    expect(report.notes.some((note) => note.startsWith('Skipped'))).toBe(true);
    const human = fakeIo();
    await run(['check', fixture('formats/claude-code/tool-calls.jsonl')], human);
    expect(human.out).toContain(`Note: ${report.notes[0]}`);
    expect(human.out).toContain('Would providers accept this as the next request?');
  });
});

describe('msgscope check: a report of many findings', () => {
  // 200 AI messages whose calls have no result, then a user turn (so none is pending): more findings than
  // jsonParts writes whole.
  const history = JSON.stringify([
    ...Array.from({ length: 200 }, (_, i) => ({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: `call_${i}`, type: 'function', function: { name: 'f', arguments: '{}' } }],
    })),
    { role: 'user', content: 'next' },
  ]);

  it('is written in parts, and they make the report JSON.stringify would write', async () => {
    const writes: string[] = [];
    const io = fakeIo({ stdin: history });
    io.stdout = (text) => void writes.push(text);
    expect(await run(['check', '--json', '-'], io)).toBe(1);
    const text = writes.join('');
    const report = JSON.parse(text) as CheckReport;
    expect(report.findings.filter((f) => f.rule === 'orphan-tool-call')).toHaveLength(200);
    expect(text).toBe(`${JSON.stringify(report, null, 2)}\n`);
    const human = fakeIo({ stdin: history });
    await run(['check', '-'], human);
    expect(human.out).toContain('Errors (');
    expect(human.out.match(/orphan-tool-call {2}#/g)).toHaveLength(200);
  });
});

describe('msgscope check: status lines on a terminal', () => {
  it('says what it reads and checks, then erases the line before the report', async () => {
    const events: string[] = [];
    const io = fakeIo({ onStdout: () => events.push('report') });
    io.status = (line) => events.push(line ?? 'erased');
    expect(await run(['check', fixture('tool-error-retry.langchain.json')], io)).toBe(1);
    const file = fixture('tool-error-retry.langchain.json');
    expect(events[0]).toMatch(/^Reading .+tool-error-retry\.langchain\.json: \d+ MB of \d+ MB · \d+ entries parsed$/);
    expect(events.slice(1, 3)).toEqual([`Checking ${file}…`, 'erased']);
    expect(events.slice(3).every((event) => event === 'report')).toBe(true);
  });

  it('erases the line before saying a file cannot be read', async () => {
    const events: string[] = [];
    const io = fakeIo();
    io.status = (line) => events.push(line ?? 'erased');
    expect(await run(['check', fixture('no-such-file.json')], io)).toBe(2);
    expect(events).toEqual(['erased']);
    expect(io.err).toMatch(/^msgscope: cannot read /);
  });
});

describe('msgscope usage', () => {
  it('prints usage for --help and exits 0', async () => {
    const io = fakeIo();
    expect(await run(['--help'], io)).toBe(0);
    expect(io.out).toContain('msgscope check FILE|- [--json] [--format NAME]');
    expect(io.out).toContain('msgscope convert FILE|- --to TARGET [-o OUT] [--format NAME]');
    expect(io.out).toContain('msgscope formats');
  });

  it('prints usage for an unknown command and exits 2', async () => {
    const io = fakeIo();
    expect(await run(['inspect', 'x.json'], io)).toBe(2);
    expect(io.out).toBe('');
    expect(io.err).toMatch(/^msgscope: unknown command: inspect\n\nmsgscope — /);
  });
});
