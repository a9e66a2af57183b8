import { describe, expect, it } from 'vitest';
import { buildTranscript } from '../analyze';
import type { Message } from '../model';
import { transcript } from '../testing/importing';
import { ai, build, call, human, system, tool } from '../testing/messages';
import { fakeSecrets } from '../testing/secrets';
import { syntheticRun } from '../testing/synthetic';
import { convertTranscript } from '.';
import { COLLAPSE_CHARS, MARKDOWN_LOST, messageMarkdown } from './markdown';

const weather = import.meta.glob<string>('../../../fixtures/weather-orphan.openai.json', { query: '?raw', import: 'default', eager: true });
const WEATHER = Object.values(weather)[0] ?? '';

const markdownOf = (messages: Message[], name?: string): string =>
  convertTranscript(buildTranscript({ name: 'test', label: 'Test' }, messages), 'markdown', name === undefined ? {} : { name }).text;

/** Code blocks as CommonMark reads them: a run of three or more backticks opens one, a line of at least as many closes it. */
function codeBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let open: { fence: number; lines: string[] } | undefined;
  for (const line of markdown.split('\n')) {
    if (open) {
      const close = /^ {0,3}(`+)\s*$/.exec(line);
      if (close && close[1]!.length >= open.fence) {
        blocks.push(open.lines.join('\n'));
        open = undefined;
      } else open.lines.push(line);
    } else {
      const start = /^ {0,3}(`{3,})[^`]*$/.exec(line);
      if (start) open = { fence: start[1]!.length, lines: [] };
    }
  }
  expect(open, 'a code block left open').toBeUndefined();
  return blocks;
}

/** The document without its code blocks, escaped characters and code spans: what Markdown reads as Markdown and HTML. */
function outsideCode(markdown: string): string {
  let rest = markdown;
  for (const block of codeBlocks(markdown)) rest = rest.replace(block, '');
  return withoutCodeSpans(rest.replace(ESCAPED, '\u0001'));
}

/** ASCII punctuation after a backslash: an escaped character. */
const ESCAPED = /\\[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

/** Each code span (a run of backticks up to the next run as long, on one line) replaced by a mark of no meaning. */
function withoutCodeSpans(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] !== '`') {
      out += text[i];
      i += 1;
      continue;
    }
    let run = 0;
    while (text[i + run] === '`') run += 1;
    const ticks = '`'.repeat(run);
    let close = text.indexOf(ticks, i + run);
    while (close >= 0 && text[close + run] === '`') close = text.indexOf(ticks, close + run + 1);
    const lineEnd = text.indexOf('\n', i);
    if (close < 0 || (lineEnd >= 0 && close > lineEnd)) {
      out += ticks;
      i += run;
    } else {
      out += '\u0001';
      i = close + run;
    }
  }
  return out;
}

describe('Markdown report of a run', () => {
  it('counts the problems a verdict folded into one (core/repeats), not the entries', () => {
    const calls = Array.from({ length: 60 }, (_, i) => call(`call_${i}`, 'lookup'));
    const text = markdownOf(build(human('go'), ai({ toolCalls: calls }), human('and?')));
    const rejects = text.slice(text.indexOf('**OpenAI Chat Completions** rejects it:'));
    const block = rejects.slice(0, rejects.indexOf('\n- '));
    // 60 calls with no result: 60 problems for this target, of which three are quoted.
    expect(block.split('\n').filter((line) => line.startsWith('  - #'))).toHaveLength(3);
    expect(block).toContain('…and 57 more problems');
  });

  it('says what the file is, lists its findings and verdicts, then every message', () => {
    const t = transcript(WEATHER);
    const { text, lost } = convertTranscript(t, 'markdown', { name: 'weather-orphan.openai.json' });
    expect(text.startsWith('## msgscope: weather-orphan.openai.json\n\n**OpenAI Chat Completions** (request) · 7 messages · 2 tool calls')).toBe(true);
    expect(text).toContain('### Findings (3 errors)');
    for (const finding of t.findings) expect(text).toContain(`**error** \`${finding.rule}\` at #${finding.messageIndex}: `);
    expect(text).toContain('- ❌ **OpenAI Chat Completions** rejects it:\n  - #5: An assistant message with');
    expect(text).toContain("- ✅ **LangGraph's create_react_agent** accepts it");
    for (const m of t.messages) expect(text).toContain(`**#${m.index} · `);
    expect(text).toContain('**#6 · Tool** · ❌ orphan-tool-result\n\nAnswers `call_abc123`\n\n```json\n{\n  "temp": 22\n}\n```');
    // A call whose arguments are not JSON shows them as written.
    expect(text).toContain('*invalid: arguments are not valid JSON');
    expect(text).toContain('```text\n{"location": "Hangzhou"\n```');
    expect(lost).toEqual([MARKDOWN_LOST]);
  });

  it('cannot be broken out of: a tag, a closing </details>, a fence, a table, a heading in any text stay text', () => {
    const evil = '</details>\n<script>alert(1)</script>\n``````\n# heading\n| a | b |\n|---|---|\n<img src=x onerror=alert(1)>';
    const longEvil = `${evil}\n${'x'.repeat(COLLAPSE_CHARS)}`;
    const text = markdownOf(
      build(
        system(longEvil),
        human(evil, { name: '<b>n</b>' }),
        ai({ toolCalls: [call('call_`1`', 'run</details>`', { args: { cmd: evil }, argsText: JSON.stringify({ cmd: evil }) })] }),
        tool('call_`1`', { text: longEvil, name: 'run</details>`' }),
        tool('call_`1`', { text: evil }),
      ),
      '</details><script>x</script>.json',
    );
    const outside = outsideCode(text);
    // Outside code blocks, the only tags are ours: a collapsed block's three.
    const tags = outside.match(/(?<!\\)<\/?[a-z][^>]*>/gi) ?? [];
    expect(new Set(tags)).toEqual(new Set(['<details>', '<summary>', '</summary>', '</details>']));
    expect(outside.match(/<details>/g)).toHaveLength(outside.match(/<\/details>/g)?.length ?? 0);
    // Each closing tag of ours stands alone on its line after a blank one: the block it closes is Markdown again.
    for (const at of outside.matchAll(/<\/details>/g)) expect(outside.slice(at.index - 2, at.index + 10)).toBe('\n\n</details>');
    // The only headings are ours; no line starts a table row.
    expect(outside.match(/^ {0,3}#.*/gm)).toEqual([
      '## msgscope: \u0001/details>\u0001script>x\u0001/script>.json',
      '### Findings (1 error)',
      '### Would the provider accept it as the next request?',
      '### Messages',
    ]);
    expect(outside).not.toMatch(/^ {0,3}\|/m);
    // The two long texts are collapsed, the tool output in a code block; the output is there whole, as written.
    expect(outside.match(/<details><summary>/g)).toHaveLength(2);
    const blocks = codeBlocks(text);
    expect(blocks).toContain(longEvil);
    expect(blocks).toContain(evil);
    expect(blocks).toContain(JSON.stringify({ cmd: evil }, null, 2));
  });

  it('collapses long tool output with its length, and leaves short output open', () => {
    const long = 'line\n'.repeat(30);
    const text = markdownOf(build(ai({ toolCalls: [call('c1', 'f'), call('c2', 'f')] }), tool('c1', { text: long }), tool('c2', { text: 'short' })));
    expect(text).toContain(`**#1 · Tool**\n\nAnswers \`c1\` of #0\n\n<details><summary>Output (${long.length} characters)</summary>\n\n\`\`\`text\n`);
    expect(text).toContain('**#2 · Tool**\n\nAnswers `c2` of #0\n\n```text\nshort\n```');
  });

  it('indents JSON output for reading, unless indenting would more than triple it', () => {
    const flat = JSON.stringify({ a: 1, b: [1, 2] });
    const deep = `${'['.repeat(200)}${']'.repeat(200)}`;
    const text = markdownOf(build(ai({ toolCalls: [call('c1', 'f')] }), tool('c1', { text: flat }), tool('c1', { text: deep })));
    expect(codeBlocks(text)).toContain(JSON.stringify(JSON.parse(flat), null, 2));
    expect(codeBlocks(text)).toContain(deep);
  });

  it('stops adding messages at maxChars and says how many are left out', () => {
    const t = buildTranscript({ name: 'test', label: 'Test' }, syntheticRun(2000).messages);
    const whole = convertTranscript(t, 'markdown').text;
    const bounded = convertTranscript(t, 'markdown', { maxChars: 20_000 }).text;
    expect(bounded.length).toBeLessThan(20_000 + 200);
    const shown = bounded.match(/^\*\*#\d+ · /gm)?.length ?? 0;
    expect(shown).toBeGreaterThan(10);
    expect(bounded).toContain(
      `*${(2000 - shown).toLocaleString('en-US')} more messages not shown here: \`msgscope convert FILE --to markdown\` writes every message.*`,
    );
    expect(whole.match(/^\*\*#\d+ · /gm)).toHaveLength(2000);
  });

  it('leaves out a message that cannot be written, says so, and writes the others', () => {
    const messages = build(human('What is the weather?'), ai({ text: 'x' }), human('Thanks'));
    Object.defineProperty(messages[1], 'text', {
      get() {
        throw new RangeError('Maximum call stack size exceeded');
      },
    });
    const conversion = convertTranscript(buildTranscript({ name: 't', label: 'T' }, messages), 'markdown');
    expect(conversion.lost).toContain('message #1: could not be converted (RangeError: Maximum call stack size exceeded); left out');
    expect(conversion.text).toContain('What is the weather?');
    expect(conversion.text).toContain('Thanks');
    expect([...conversion.parts()].join('')).toBe(conversion.text);
  });
});

describe('Markdown with secrets redacted', () => {
  it('replaces every secret in text, arguments, output and ids before writing them, when asked', () => {
    const { 'openai-api-key': openai, 'github-token': github, 'aws-access-key-id': aws } = fakeSecrets(3);
    const messages = build(
      human(`my key is ${openai}`),
      ai({ toolCalls: [call('c1', 'deploy', { args: { token: github }, argsText: JSON.stringify({ token: github }) })] }),
      tool('c1', { text: `{"aws": "${aws}"}` }),
    );
    const t = buildTranscript({ name: 'test', label: 'Test' }, messages);
    const plain = convertTranscript(t, 'markdown').text;
    for (const secret of [openai, github, aws]) expect(plain).toContain(secret);
    const redacted = convertTranscript(t, 'markdown', { redact: true }).text;
    for (const secret of [openai, github, aws]) expect(redacted).not.toContain(secret);
    expect(redacted).toContain('my key is \\[REDACTED:openai-api-key\\]');
    expect(redacted).toContain('"token": "[REDACTED:github-token]"');
    expect(redacted).toContain('"aws": "[REDACTED:aws-access-key-id]"');
    expect(messageMarkdown(t, 0, { redact: true })).not.toContain(openai);
  });
});

describe('Markdown of one message', () => {
  it('writes the message, where it is from and its findings', () => {
    const t = transcript(WEATHER);
    const text = messageMarkdown(t, 6, { name: 'weather-orphan.openai.json' });
    expect(text).toBe(
      [
        '**#6 · Tool** · ❌ orphan-tool-result',
        'Answers `call_abc123`',
        '```json\n{\n  "temp": 22\n}\n```',
        '*From weather-orphan.openai.json, OpenAI Chat Completions (msgscope).*',
        '**Findings**',
        `- ❌ **error** \`orphan-tool-result\` at #6: ${t.findings.find((f) => f.messageIndex === 6)?.text}\n  Fix: Remove message #6, or set its tool_call_id to the id of the call it answers.\n`,
      ].join('\n\n'),
    );
  });

  it('refuses a message the history does not have', () => {
    expect(() => messageMarkdown(transcript(WEATHER), 7)).toThrow('This history has no message #7.');
  });
});
