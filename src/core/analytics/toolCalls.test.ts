import { describe, expect, it } from 'vitest';
import { buildTranscript } from '../analyze';
import { linkToolCalls } from '../links';
import type { Message, Transcript } from '../model';
import { ai, build, call, human, system, tool } from '../testing/messages';
import { syntheticRun } from '../testing/synthetic';
import { ARGS_PREVIEW_CHARS, argsPreview, TOOL_CALL_FLAGS, TOOL_CALL_STATUSES, toolCallTable, type ToolCallTable } from './toolCalls';

const tableOf = (messages: Message[]): ToolCallTable => toolCallTable({ messages, links: linkToolCalls(messages) });

/** Row i as one object, for readable expectations. */
function rowAt(t: ToolCallTable, i: number) {
  return {
    id: t.ids[i],
    name: t.tools[t.tool[i]!],
    status: TOOL_CALL_STATUSES[t.status[i]!],
    issued: t.callMessage[i],
    answered: t.resultMessage[i],
    results: t.results[i],
  };
}
const rows = (t: ToolCallTable) => Array.from({ length: t.count }, (_, i) => rowAt(t, i));
const statuses = (t: ToolCallTable) => rows(t).map((r) => `${r.id}:${r.status}`);

describe('toolCallTable statuses', () => {
  it('ok, error (status or a ToolNode error text), orphan, unknown-result, invalid, pending: one row each', () => {
    const t = tableOf(
      build(
        system(),
        human(),
        ai({ toolCalls: [call('a', 'search'), call('b', 'fetch'), call('c', 'fetch'), call('d', 'search')] }),
        tool('a', { text: 'found it' }),
        tool('b', { status: 'error', text: 'HTTP 500' }),
        tool('c', { status: undefined, text: 'Error: ValueError("no such page")\n Please fix your mistakes.' }),
        // d has no result and the history goes on: an orphan.
        tool('ghost', { name: 'lookup', text: 'nobody asked' }),
        ai({ invalidToolCalls: [call('e', 'mul', { invalid: true, error: 'bad json', argsText: '{bad' })] }),
        human('go on'),
        ai({ toolCalls: [call('f', 'search')] }),
      ),
    );
    expect(rows(t)).toEqual([
      { id: 'a', name: 'search', status: 'ok', issued: 2, answered: 3, results: 1 },
      { id: 'b', name: 'fetch', status: 'error', issued: 2, answered: 4, results: 1 },
      { id: 'c', name: 'fetch', status: 'error', issued: 2, answered: 5, results: 1 },
      { id: 'd', name: 'search', status: 'orphan', issued: 2, answered: -1, results: 0 },
      { id: 'ghost', name: 'lookup', status: 'unknown-result', issued: -1, answered: 6, results: 1 },
      { id: 'e', name: 'mul', status: 'invalid', issued: 7, answered: -1, results: 0 },
      { id: 'f', name: 'search', status: 'pending', issued: 9, answered: -1, results: 0 },
    ]);
    expect(t.flags[5]! & TOOL_CALL_FLAGS.argsInvalid).toBe(TOOL_CALL_FLAGS.argsInvalid);
    expect(t.args[5]).toBe('{bad');
  });

  it('pending as pending-tool-call has it: a run stopped while its tools work ends after some results; a call the history moved on from is an orphan', () => {
    expect(statuses(tableOf(build(human(), ai({ toolCalls: [call('a'), call('b')] }), tool('a'))))).toEqual(['a:ok', 'b:pending']);
    expect(statuses(tableOf(build(human(), ai({ toolCalls: [call('a')] }), human('and?'))))).toEqual(['a:orphan']);
    // A lone response that ends in calls: each waits.
    expect(statuses(tableOf(build(ai({ toolCalls: [call('a'), call('b')] }))))).toEqual(['a:pending', 'b:pending']);
  });

  it('an invalid call stays invalid when answered (LangChain answers with an error ToolMessage) and at the end (no rule calls it pending)', () => {
    const t = tableOf(
      build(
        ai({
          toolCalls: [call('x', 'add', { args: '{"a": 1', argsText: '{"a": 1', error: 'not JSON' })],
          invalidToolCalls: [call('y', 'mul', { invalid: true })],
        }),
        tool('y', { status: 'error', text: 'invalid' }),
        ai({ invalidToolCalls: [call('z', 'mul', { invalid: true })] }),
      ),
    );
    expect(rows(t).map((r) => [r.id, r.status, r.answered])).toEqual([
      ['x', 'invalid', -1],
      ['y', 'invalid', 1],
      ['z', 'invalid', -1],
    ]);
    expect(t.args[0]).toBe('{"a": 1');
    expect(t.summary.find((s) => s.name === 'mul')).toMatchObject({ calls: 2, errors: 2, invalid: 2 });
  });

  it('a call answered inside a server tool run is ok with no result, also where it ends the history', () => {
    const t = tableOf(
      build(human(), ai({ toolCalls: [call('code_1', 'code_execution'), call('t1', 'get_weather', { answeredInside: 'code_1' })] }), tool('code_1')),
    );
    expect(rows(t).map((r) => [r.id, r.status, r.answered])).toEqual([
      ['code_1', 'ok', 2],
      ['t1', 'ok', -1],
    ]);
    expect(t.flags[1]! & TOOL_CALL_FLAGS.answeredInside).toBe(TOOL_CALL_FLAGS.answeredInside);
    expect(t.resultChars[1]).toBe(-1);
  });

  it('a result with no id at all is a result nobody called; a call with no id has none', () => {
    const noId = tool('x');
    delete noId.toolCallId;
    const t = tableOf(build(human(), ai({ toolCalls: [{ name: 'search', args: {}, raw: {} }] }), noId, human()));
    expect(rows(t).map((r) => [r.id, r.status, r.issued, r.answered])).toEqual([
      ['', 'orphan', 1, -1],
      ['', 'unknown-result', -1, 2],
    ]);
  });
});

describe('toolCallTable ids', () => {
  it('an id issued twice: each call gets its own result, both flagged', () => {
    const t = tableOf(build(ai({ toolCalls: [call('dup')] }), tool('dup', { text: 'one' }), ai({ toolCalls: [call('dup')] }), tool('dup', { text: 'two!' })));
    expect(rows(t).map((r) => [r.status, r.issued, r.answered, r.results])).toEqual([
      ['ok', 0, 1, 1],
      ['ok', 2, 3, 1],
    ]);
    expect([...t.flags].map((f) => f & TOOL_CALL_FLAGS.issuedTwice)).toEqual([TOOL_CALL_FLAGS.issuedTwice, TOOL_CALL_FLAGS.issuedTwice]);
    expect([...t.resultChars]).toEqual([3, 4]);
  });

  it('a call answered twice: the first result is its answer, both are counted', () => {
    const t = tableOf(build(ai({ toolCalls: [call('a')] }), tool('a', { text: 'first' }), tool('a', { status: 'error', text: 'second' })));
    expect(rows(t)).toEqual([{ id: 'a', name: 'search', status: 'ok', issued: 0, answered: 1, results: 2 }]);
    expect(t.resultChars[0]).toBe(5);
    expect(t.summary[0]).toMatchObject({ calls: 1, results: 2, resultChars: 11, largestResult: 6 });
  });

  it('a result before its call answers it, flagged', () => {
    const t = tableOf(build(human(), tool('a', { text: 'early' }), ai({ toolCalls: [call('a')] }), human()));
    expect(rows(t)).toEqual([{ id: 'a', name: 'search', status: 'ok', issued: 2, answered: 1, results: 1 }]);
    expect(t.flags[0]! & TOOL_CALL_FLAGS.resultBeforeCall).toBe(TOOL_CALL_FLAGS.resultBeforeCall);
  });

  it('made-up ids keep the link id and say where the call or result is, as findings name them', () => {
    const messages = build(
      human(),
      ai({ toolCalls: [call('get_weather@1.0', 'get_weather', { idMadeUp: { path: 'messages[1].tool_calls[0]' } })] }),
      tool('get_weather@1.0', { toolCallIdMadeUp: true, name: 'get_weather' }),
      tool('lookup@3', { toolCallIdMadeUp: true, name: 'lookup' }),
    );
    const t = tableOf(messages);
    expect(rows(t).map((r) => [r.id, r.status])).toEqual([
      ['get_weather@1.0', 'ok'],
      ['lookup@3', 'unknown-result'],
    ]);
    expect(t.madeUp).toEqual(['messages[1].tool_calls[0]', 'messages[3]']);
  });
});

describe('toolCallTable sizes, durations and the per-tool summary', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds)).toISOString();
  const messages = build(
    human('q', { timestamp: at(0) }),
    ai({ timestamp: at(1), toolCalls: [call('a', 'bash'), call('b', 'bash'), call('c', 'read')] }),
    tool('a', { timestamp: at(4), text: 'x'.repeat(100) }),
    tool('b', { timestamp: at(61), status: 'error', text: 'boom' }),
    // No time on this result: no duration.
    tool('c', { text: 'yz' }),
    tool('stray', { name: 'read', text: 'r'.repeat(500) }),
    ai({ text: 'done', timestamp: at(62) }),
  );
  const t = tableOf(messages);

  it('result size is its text in characters; duration is result time minus call time where both have one', () => {
    expect([...t.resultChars]).toEqual([100, 4, 2, 500]);
    expect([...t.durationMs]).toEqual([3000, 60000, NaN, NaN]);
  });

  it('one summary line a tool: calls, failures, results and their sizes; a stray result counts as a result, not a call', () => {
    expect(t.tools).toEqual(['bash', 'read']);
    expect(t.summary).toEqual([
      { name: 'bash', calls: 2, errors: 1, invalid: 0, orphans: 0, pending: 0, unknownResults: 0, results: 2, resultChars: 104, largestResult: 100 },
      { name: 'read', calls: 1, errors: 0, invalid: 0, orphans: 0, pending: 0, unknownResults: 1, results: 2, resultChars: 502, largestResult: 500 },
    ]);
  });

  it('epoch-second timestamps give durations too', () => {
    const epoch = tableOf(build(ai({ timestamp: '1767268800', toolCalls: [call('a')] }), tool('a', { timestamp: '1767268802.5' })));
    expect([...epoch.durationMs]).toEqual([2500]);
  });
});

describe('argsPreview', () => {
  it('one line of compact JSON, cut with an ellipsis', () => {
    expect(argsPreview(call('a', 'x', { args: { q: 'weather\n in  Paris' } }))).toBe('{"q":"weather\\n in Paris"}');
    const long = argsPreview(call('a', 'x', { args: { text: 'word '.repeat(1000) } }));
    expect(long).toHaveLength(ARGS_PREVIEW_CHARS);
    expect(long.endsWith('…')).toBe(true);
  });

  it('arguments that are not JSON as written, whitespace collapsed; a 5 MB string stays bounded', () => {
    expect(argsPreview(call('a', 'x', { args: '{"a":\n  1', argsText: '{"a":\n  1', error: 'bad' }))).toBe('{"a": 1');
    expect(argsPreview(call('a', 'x', { args: 'z'.repeat(5_000_000) }))).toHaveLength(ARGS_PREVIEW_CHARS);
    expect(argsPreview(call('a', 'x', { args: undefined }))).toBe('');
  });

  it('never cuts a surrogate pair in half', () => {
    const text = `${'a'.repeat(ARGS_PREVIEW_CHARS - 2)}😀😀😀`;
    const cut = argsPreview(call('a', 'x', { args: text }));
    expect(cut.endsWith('…')).toBe(true);
    const last = cut.charCodeAt(cut.length - 2);
    expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
    expect(cut).toBe(`${'a'.repeat(ARGS_PREVIEW_CHARS - 2)}…`);
  });
});

describe('toolCallTable agrees with the rules and stays linear', () => {
  const { messages } = syntheticRun(20_000);
  const transcript: Transcript = buildTranscript({ name: 'test', label: 'Test' }, messages);
  const t = toolCallTable(transcript);

  it("each orphan, pending, unknown-result, invalid and error row is one of the rules' findings, and the other way round", () => {
    const byStatus = (status: string) =>
      rows(t)
        .filter((r) => r.status === status)
        .map((r) => `${r.status === 'unknown-result' || r.status === 'error' ? r.answered : r.issued} ${r.id}`)
        .sort();
    const byRule = (rule: string) =>
      transcript.findings
        .filter((f) => f.rule === rule)
        .map((f) => `${f.messageIndex} ${f.toolCallId}`)
        .sort();
    expect(byStatus('orphan')).toEqual(byRule('orphan-tool-call'));
    expect(byStatus('pending')).toEqual(byRule('pending-tool-call'));
    expect(byStatus('unknown-result')).toEqual(byRule('orphan-tool-result'));
    expect(byStatus('invalid')).toEqual(byRule('invalid-tool-call'));
    expect(byStatus('error')).toEqual(byRule('tool-error'));
    expect(byStatus('orphan')).toHaveLength(1);
    expect(t.count).toBe(transcript.links.callCount + byStatus('unknown-result').length);
  });

  it('reads each message a bounded number of times (no scan of the history a row)', () => {
    let reads = 0;
    const counted = new Proxy(transcript.messages, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const again = toolCallTable({ messages: counted, links: transcript.links });
    expect(again.count).toBe(t.count);
    expect(reads).toBeLessThan(8 * transcript.messages.length);
  });

  it('115,000 messages with 50,000 calls, one id issued 5,000 times and one message of 5,000 calls: in a fraction of a second', () => {
    const drafts = [];
    for (let i = 0; i < 20_000; i++) {
      const [a, b] = [`c${i}a`, `c${i}b`];
      drafts.push(
        human(`q${i}`),
        ai({ toolCalls: [call(a, `tool${i % 7}`, { args: { i } }), call(b, 'read')] }),
        tool(a, { text: `r${i}` }),
        tool(b),
        ai({ text: 'ok' }),
      );
    }
    const big = build(
      ...drafts,
      ai({ toolCalls: Array.from({ length: 5_000 }, (_, i) => call(`wide${i}`)) }),
      ...Array.from({ length: 5_000 }, (_, i) => tool(`wide${i}`)),
      ...Array.from({ length: 5_000 }, () => [ai({ toolCalls: [call('same')] }), tool('same')]).flat(),
    );
    const started = performance.now();
    const table = toolCallTable({ messages: big, links: linkToolCalls(big) });
    const elapsed = performance.now() - started;
    expect(big.length).toBe(115_001);
    expect(table.count).toBe(50_000);
    expect(new Set(table.status)).toEqual(new Set([TOOL_CALL_STATUSES.indexOf('ok')]));
    // The wide message's last call is answered by the last of its 5,000 results; each repeated call by the result after it.
    expect(table.resultMessage[40_000 + 4_999]).toBe(100_000 + 5_000);
    expect(table.resultMessage[49_999]).toBe(big.length - 1);
    // Measured 0.1–0.2 s; a scan of the links a row would take minutes. The bound leaves room for a loaded machine.
    expect(elapsed).toBeLessThan(3_000);
  });
});
