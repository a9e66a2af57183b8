import { describe, expect, it } from 'vitest';
import cross from '../../../../fixtures/cross-format/inspect.json?raw';
import clean from '../../../../fixtures/formats/inspect/clean.json?raw';
import fault from '../../../../fixtures/formats/inspect/fault.json?raw';
import toolCalls from '../../../../fixtures/formats/inspect/tool-calls.json?raw';
import { input, readWith, rules, transcript } from '../../testing/importing';
import { inspect } from './inspect';
import { detectFormat } from '../registry';
import { importText } from '../../import';

const read = readWith(inspect);

describe('inspect fixtures', () => {
  it('reads an eval log with one sample: reasoning content, model, usage on the answer', () => {
    const t = transcript(clean);
    expect([t.format, t.formatLabel]).toEqual(['inspect', 'Inspect AI eval log']);
    expect(t.messages.map((m) => [m.role, m.id, m.name, m.location.path])).toEqual([
      ['system', 's1', undefined, 'samples[0].messages[0]'],
      ['human', 'u1', undefined, 'samples[0].messages[1]'],
      ['ai', 'msg_a1', undefined, 'samples[0].messages[2]'],
    ]);
    const answer = t.messages[2];
    expect(answer?.content.map((b) => [b.kind, b.text])).toEqual([
      ['reasoning', 'Sally put the marble in the basket; she did not see it moved.'],
      ['text', 'Sally will look in the basket.'],
    ]);
    expect(answer).toMatchObject({ model: 'claude-sonnet-4-5-20250929', text: 'Sally will look in the basket.' });
    expect(answer?.usage).toEqual({ input: 41, output: 36, total: 77, totalReported: true, cacheRead: 0, cacheCreation: 0 });
    expect(rules(t)).toEqual([]);
  });

  it('reads several samples as conversations of their own, named, with attachments resolved', () => {
    const result = importText(toolCalls);
    if (!result.ok) throw new Error(result.error.message);
    const conversations = result.conversations ?? [];
    expect(conversations.map((c) => [c.label, c.transcript.messages.map((m) => m.role)])).toEqual([
      ['sample ls_challenge, epoch 1', ['system', 'human', 'ai', 'tool', 'ai']],
      ['sample ls_challenge, epoch 2', ['system', 'human', 'ai', 'tool', 'ai']],
    ]);
    expect(result.transcript).toBe(conversations[0]?.transcript);
    const second = conversations[1]!.transcript;
    // Each conversation counts its messages from 0 and links its own calls.
    expect(second.messages[3]).toMatchObject({
      index: 3,
      text: 'flag.txt\nREADME',
      name: 'bash',
      toolCallId: 'call_ls_2',
      location: { path: 'samples[1].messages[3]' },
    });
    expect(second.messages[3]?.raw).toMatchObject({ content: 'attachment://9a0364b9e99bb480dd25e1f0284c8555' });
    expect(result.transcript.messages[2]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([['call_ls_1', 'bash', { cmd: 'ls /tmp/challenge' }]]);
    expect(result.transcript.links.get('call_ls_1')?.results).toEqual([3]);
    expect(result.transcript.links.get('call_ls_2')).toBeUndefined();
    // Input counts cache reads once: total - output.
    expect(second.messages[4]?.usage).toEqual({ input: 440, output: 41, total: 481, totalReported: true, cacheRead: 128 });
    // The second sample's system prompt starts its own conversation: nothing to flag.
    expect(conversations.flatMap((c) => rules(c.transcript))).toEqual([]);
  });

  it('flags the planted faults of a bare sample', () => {
    const t = transcript(fault);
    expect(t.format).toBe('inspect');
    expect(t.messages[1]?.toolCalls[1]).toMatchObject({ id: 'call_2', name: 'python', error: "Expecting ',' delimiter: line 1 column 24 (char 23)" });
    expect(t.messages[2]).toMatchObject({ status: 'error', text: 'timeout: Command timed out before completing.' });
    expect(t.messages[4]?.usage).toMatchObject({ input: 900, output: 60 });
    expect(rules(t)).toEqual([
      ['invalid-tool-call', 1, 'call_2'],
      ['tool-error', 2, 'call_1'],
      ['tool-error', 3, 'call_2'],
      ['pending-tool-call', 4, 'call_3'],
    ]);
  });

  it('reads the cross-format run', () => {
    expect(transcript(cross).messages.map((m) => m.role)).toEqual(['system', 'human', 'ai', 'tool', 'human', 'tool', 'tool', 'ai']);
  });
});

describe('inspect shapes', () => {
  it('claims a bare message list by marks only Inspect writes, over OpenAI Chat', () => {
    const list = [
      { role: 'user', content: 'hi', source: 'input' },
      { role: 'assistant', content: '', tool_calls: [{ id: 'c1', function: 'bash', arguments: { cmd: 'ls' } }] },
      { role: 'tool', content: 'a', tool_call_id: 'c1', function: 'bash' },
    ];
    expect(detectFormat(input(list))?.name).toBe('inspect');
    expect(detectFormat(input({ messages: list }))?.name).toBe('inspect');
  });

  it('reads legacy fields, every content type, and keeps unreadable messages', () => {
    const messages = read([
      { role: 'assistant', reasoning: 'old style', content: 'answer' },
      { role: 'tool', content: 'x', tool_call_id: 'c', tool_error: 'boom' },
      {
        role: 'user',
        content: [
          { type: 'image', image: 'data:image/png;base64,aGk=' },
          { type: 'audio', audio: 'a.mp3', format: 'mp3' },
          { type: 'video', video: 'v.mp4', format: 'mp4' },
          { type: 'document', document: 'd.pdf' },
          { type: 'data', data: {} },
          { type: 'tool_use', tool_type: 'web_search', id: 'w', name: 'web_search', arguments: '{}', result: 'r' },
          { type: 'reasoning', reasoning: 'enc', summary: 'sum', redacted: true },
        ],
      },
      'oops',
      { content: 'no role' },
    ]);
    expect(messages[0]?.content.map((b) => [b.kind, b.text])).toEqual([
      ['reasoning', 'old style'],
      ['text', 'answer'],
    ]);
    expect(messages[1]).toMatchObject({ status: 'error', text: 'x' });
    expect(messages[2]?.content.map((b) => [b.kind, b.text])).toEqual([
      ['image', undefined],
      ['audio', undefined],
      ['file', undefined],
      ['file', undefined],
      ['other', undefined],
      ['tool_call', 'web_search'],
      ['reasoning', 'sum'],
    ]);
    expect(messages.slice(3).map((m) => m.problem)).toEqual(['expected a {role, content} message, got a string', 'expected a string `role`']);
  });

  it('says so for a log without samples', () => {
    expect(read({ version: 2, status: 'success', eval: { task: 't' }, results: {} })[0]?.problem).toContain('no samples');
  });

  it('does not take other shapes', () => {
    const nearMisses = [
      [{ role: 'user', content: 'hi' }],
      [
        { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'c', content: 'x' },
      ],
      { messages: [{ type: 'human', content: 'hi' }] },
      { eval: 'x', samples: [] },
      { id: 1, messages: [] },
    ];
    for (const value of nearMisses) expect(inspect.detect(input(value))).toBe(0);
  });
});
