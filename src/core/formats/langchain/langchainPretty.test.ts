import { describe, expect, it } from 'vitest';
import clean from '../../../../fixtures/formats/langchain-pretty/clean.txt?raw';
import fault from '../../../../fixtures/formats/langchain-pretty/fault.txt?raw';
import toolCalls from '../../../../fixtures/formats/langchain-pretty/tool-calls.txt?raw';
import redisPython from '../../../../fixtures/redis-logs.python.txt?raw';
import { allRules, transcript } from '../../testing/importing';
import { langchainPretty } from './langchainPretty';

const read = (text: string) => langchainPretty.readText(text).messages;

// docs/FORMATS.md, "LangChain", verbatim: pretty_print() of a human message, an AI tool call and its result (langchain-core 1.2.6).
const PRETTY_1F = `================================ Human Message =================================

What is 2+2?
================================== Ai Message ==================================
Tool Calls:
  add (call_1)
 Call ID: call_1
  Args:
    a: 2
    b: 2
================================= Tool Message =================================
Name: add

4
`;

const title = (word: string) => {
  const padded = ` ${word} Message `;
  const sep = '='.repeat(Math.floor((80 - padded.length) / 2));
  return `${sep}${padded}${sep}${padded.length % 2 ? '=' : ''}`;
};

describe('langchain-pretty', () => {
  it('reads the langchain-core 1.2.6 example, linking the result to the call by order and name', () => {
    const t = transcript(PRETTY_1F);
    expect([t.format, t.formatLabel]).toEqual(['langchain-pretty', 'LangChain pretty_print output']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.name, m.text, m.location.path, m.location.line])).toEqual([
      ['human', 'Human Message', undefined, 'What is 2+2?', 'line 1', 1],
      ['ai', 'Ai Message', undefined, '', 'line 4', 4],
      ['tool', 'Tool Message', 'add', '4', 'line 11', 11],
    ]);
    expect(t.messages[1]?.toolCalls).toEqual([
      { id: 'call_1', name: 'add', args: { a: 2, b: 2 }, raw: { name: 'add', args: { a: 2, b: 2 }, id: 'call_1', type: 'tool_call' } },
    ]);
    // Synthesized: pretty_print shows no tool_call_id on results.
    expect(t.messages[2]?.toolCallId).toBe('call_1');
    expect(t.links.get('call_1')).toEqual({ id: 'call_1', calls: [{ messageIndex: 1, callIndex: 0 }], results: [2] });
    expect(t.findings).toEqual([]);
    expect(t.messages[2]?.raw).toEqual({
      pretty: '================================= Tool Message =================================\nName: add\n\n4',
      parsed: { name: 'add', content: '4' },
    });
  });

  it('reads clean.txt with no findings', () => {
    const t = transcript(clean);
    expect(t.messages.map((m) => [m.role, m.text])).toEqual([
      ['system', 'You are helpful.'],
      ['human', 'What is 2+2?'],
      ['ai', '2 + 2 = 4.'],
    ]);
    expect(t.findings).toEqual([]);
  });

  it('reads tool-calls.txt: names, content before calls, and argument values as Python printed them', () => {
    const t = transcript(toolCalls);
    expect(t.format).toBe('langchain-pretty');
    expect(t.messages.map((m) => [m.role, m.name, m.text, m.toolCallId ?? null])).toEqual([
      ['human', undefined, 'What is 2+2? Then save a note about it.', null],
      ['ai', undefined, '', null],
      ['tool', 'add', '4', 'call_1'],
      ['ai', 'assistant', 'Saving the note now.', null],
      ['tool', 'save_note', 'saved', 'call_2'],
      ['ai', undefined, '2 + 2 = 4, and the note is saved.', null],
    ]);
    expect(t.messages[3]?.toolCalls[0]).toMatchObject({
      id: 'call_2',
      name: 'save_note',
      args: { title: 'Sums', body: '2 + 2 = 4\nchecked twice', tags: ['math', 'notes'], pinned: true, meta: { source: 'chat', score: 0.9 } },
    });
    expect(t.findings).toEqual([]);
    expect(t.tokens.totals.messagesWithUsage).toBe(0);
  });

  it('reads fault.txt and flags the unanswered call, the invalid call and the error result', () => {
    const t = transcript(fault);
    expect(t.messages.map((m) => [m.role, m.toolCallId ?? null])).toEqual([
      ['human', null],
      ['ai', null],
      ['tool', 'call_1'],
      ['tool', 'call_3'],
      ['ai', null],
    ]);
    const invalid = t.messages[1]?.invalidToolCalls[0];
    expect(invalid).toMatchObject({ id: 'call_3', name: 'div', invalid: true });
    expect(invalid?.argsText?.trimEnd()).toBe('{"a": 1, "b":');
    expect(invalid?.error).toMatch(/^Function div arguments:\n\n\{"a": 1, "b": \n\nare not valid JSON\. Received JSONDecodeError/);
    expect(allRules(t)).toEqual([
      ['orphan-tool-call', 1, 'call_2'],
      ['invalid-tool-call', 1, 'call_3'],
      ['tool-error', 3, 'call_3'],
    ]);
  });

  it('links parallel results by tool name, leaves a result that matches no call unlinked, and links nameless results in order', () => {
    const text = [
      title('Ai'),
      'Tool Calls:',
      '  search (c1)',
      ' Call ID: c1',
      '  Args:',
      '    q: a',
      '  fetch (c2)',
      ' Call ID: c2',
      '  Args:',
      '  search (c3)',
      ' Call ID: c3',
      '  Args:',
      '    q: b',
      title('Tool'),
      'Name: fetch',
      '',
      'page',
      title('Tool'),
      '',
      'first unclaimed',
      title('Tool'),
      'Name: search',
      '',
      'second search',
      title('Tool'),
      'Name: other',
      '',
      'nobody asked',
    ].join('\n');
    const messages = read(text);
    expect(messages.map((m) => m.toolCallId ?? null)).toEqual([null, 'c2', 'c1', 'c3', null]);
    expect(messages[0]?.toolCalls.map((c) => c.args)).toEqual([{ q: 'a' }, {}, { q: 'b' }]);
  });

  it('reads Name headers only where pretty_repr puts them, and list content as blocks', () => {
    const text = [
      title('Human'),
      '',
      'Name: not a header',
      'since it is the content',
      title('Ai'),
      "[{'type': 'thinking', 'thinking': 'Hmm.', 'signature': 's'}, {'type': 'text', 'text': 'Done.'}]",
      title('Ai'),
      'Name: agent',
    ].join('\n');
    const messages = read(text);
    expect(messages.map((m) => [m.name, m.text, m.content.map((block) => block.kind)])).toEqual([
      [undefined, 'Name: not a header\nsince it is the content', ['text']],
      [undefined, 'Done.', ['reasoning', 'text']],
      ['agent', '', []],
    ]);
  });

  it('reads bold notebook titles, chunks and CRLF line ends', () => {
    const text = `${title('Aimessagechunk').replace(' Aimessagechunk Message ', '\u001b[1m Aimessagechunk Message \u001b[0m')}\r\n\r\npartial\r\n`;
    const [message] = read(text);
    expect(message).toMatchObject({ role: 'ai', sourceType: 'Aimessagechunk Message', text: 'partial' });
  });

  it('keeps what it cannot read: stray text before the first title and unknown types', () => {
    const text = ['Output:', title('Robot'), '', 'beep', title('Human'), '', 'hi'].join('\n');
    expect(langchainPretty.detectText(text)).toBe(70);
    const messages = read(text);
    expect(messages.map((m) => [m.role, m.text, m.problem, m.location.line])).toEqual([
      ['other', 'Output:', 'text before the first message title', 1],
      ['other', `${title('Robot')}\n\nbeep`, expect.stringMatching(/^unknown message type "robot"/), 2],
      ['human', 'hi', undefined, 5],
    ]);
  });

  it('keeps a whole text without titles when the format is chosen by hand', () => {
    const t = transcript('hello\nworld', 'langchain-pretty');
    expect(t.messages).toEqual([
      expect.objectContaining({ role: 'other', text: 'hello\nworld', raw: { pretty: 'hello\nworld' }, location: { path: 'line 1', line: 1, column: 1 } }),
    ]);
    expect(t.messages[0]?.problem).toMatch(/^no title line such as/);
  });

  it('leaves near misses alone', () => {
    for (const text of [redisPython, 'Tool Calls:\n  add (call_1)', '=====\nHuman Message\n=====', '# Title\n======', '']) {
      expect(langchainPretty.detectText(text)).toBe(0);
    }
    expect(langchainPretty.detectText(PRETTY_1F)).toBe(100);
  });
});

describe('langchain-pretty reading stays linear', () => {
  it('reads call heads by the last " (", and call sections after a false start or inside an error', () => {
    const text = [
      title('Ai'),
      'Tool Calls:',
      'not a call',
      'Tool Calls:',
      '  f (x) (c1)',
      ' Call ID: c1',
      '  Error: bad',
      'Tool Calls:',
      '  g (c2)',
      ' Call ID: c2',
      '  Args:',
      '    a: 1',
      '  h (c3)\u2028',
      ' Call ID: c3',
    ].join('\n');
    const [message] = read(text);
    expect(message?.text).toBe('Tool Calls:\nnot a call');
    expect(message?.invalidToolCalls).toEqual([]);
    expect(message?.toolCalls.map((c) => [c.name, c.id, c.args])).toEqual([['f (x)', 'c1', { a: '1\n  h (c3)\u2028\n Call ID: c3' }]]);
  });

  // Each case took 2-22 s at 200 KB before (a regex that tried every " (" of a line, and readCalls tried
  // again from every `Tool Calls:` line); these sizes would take minutes.
  it('reads a 1 MB call head of " (" without a closing parenthesis', { timeout: 60_000 }, () => {
    const head = `  ${'a ('.repeat(350_000)}`;
    const [message] = read([title('Ai'), 'Tool Calls:', head, ' Call ID: 1', '  Args:'].join('\n'));
    expect([message?.toolCalls.length, message?.text.length]).toEqual([0, 'Tool Calls:\n'.length + head.length + '\n Call ID: 1\n  Args:'.length]);
  });

  it('reads 2 MB of `Tool Calls:` lines that end in text that is no call', { timeout: 60_000 }, () => {
    const [message] = read(`${title('Ai')}\n${'Tool Calls:\n'.repeat(170_000)}junk`);
    expect(message?.toolCalls).toEqual([]);
  });

  it('reads 2 MB of call sections whose `Error:` blocks never reach `Args:`', { timeout: 60_000 }, () => {
    const [message] = read(`${title('Ai')}\n${'Tool Calls:\n  f (1)\n Call ID: 1\n  Error: x\n'.repeat(45_000)}`);
    expect(message?.toolCalls).toEqual([]);
  });

  // Each result looked for its call in the list of those unclaimed: 150k took 50 s, 250k would take minutes.
  it('links 250k results named in the reverse order of their calls', { timeout: 60_000 }, () => {
    const n = 250_000;
    const calls = Array.from({ length: n }, (_, k) => `  f${k} (c${k})\n Call ID: c${k}\n  Args:\n`).join('');
    const results = Array.from({ length: n }, (_, k) => `${title('Tool')}\nName: f${n - 1 - k}\n\nok\n`).join('');
    const messages = read(`${title('Ai')}\nTool Calls:\n${calls}${results}`);
    expect([messages.length, messages[1]?.toolCallId, messages[n]?.toolCallId]).toEqual([n + 1, `c${n - 1}`, 'c0']);
  });
});
