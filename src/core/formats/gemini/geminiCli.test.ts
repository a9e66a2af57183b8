import { describe, expect, it } from 'vitest';
import fileOps from '../../../../fixtures/real/codemie-code/gemini-cli-session-2026-01-16T11-01-file-ops-37b7abef.json?raw';
import withThoughts from '../../../../fixtures/real/codemie-code/gemini-cli-session-2025-12-01T21-45-5b959dae.json?raw';
import { input, json, rules, transcript } from '../../testing/importing';
import { detectFormat } from '../registry';
import { geminiCli } from './geminiCli';

const jsonl = (lines: unknown[]): string => lines.map((line) => JSON.stringify(line)).join('\n');
const meta = { sessionId: 's-1', projectHash: 'abc', startTime: '2026-05-01T10:00:00.000Z', lastUpdated: '2026-05-01T10:00:00.000Z', kind: 'main' };
const user = (id: string, text: string) => ({ id, timestamp: '2026-05-01T10:00:01.000Z', type: 'user', content: [{ text }] });
const gemini = (id: string, content: string, extra: Record<string, unknown> = {}) => ({
  id,
  timestamp: '2026-05-01T10:00:02.000Z',
  type: 'gemini',
  content,
  model: 'gemini-3-pro',
  ...extra,
});
const toolCall = (id: string, name: string, output: unknown, status = 'success') => ({
  id,
  name,
  args: { file_path: 'a.md' },
  result: [{ functionResponse: { id, name, response: output } }],
  status,
  timestamp: '2026-05-01T10:00:03.000Z',
});

describe('gemini-cli real files', () => {
  it('reads a session: each call of a gemini message answered by a tool message after it', () => {
    const t = transcript(fileOps);
    expect([t.format, t.formatLabel]).toEqual(['gemini-cli', 'Gemini CLI session']);
    expect(t.messages).toHaveLength(28);
    expect(t.messages.slice(0, 5).map((m) => [m.role, m.location.path])).toEqual([
      ['human', 'messages[0]'],
      ['ai', 'messages[1]'],
      ['human', 'messages[2]'],
      ['ai', 'messages[3]'],
      ['tool', 'messages[3].toolCalls[0]'],
    ]);
    expect(t.messages[1]?.text).toMatch(/^I have the following tools available to assist you:/);
    expect(t.messages[1]).toMatchObject({ id: 'ad67282a-bb35-459a-9d13-9f36cdfe2c5c', model: 'gemini-3-pro', timestamp: '2026-01-16T11:01:30.378Z' });
    // input + tool-use prompt, and candidates + thoughts, as usageMetadata reads.
    expect(t.messages[1]?.usage).toEqual({ input: 4749, output: 292 + 240, total: 5281, totalReported: true, cacheRead: 0, reasoning: 240 });
    // Nine calls in one gemini message, made over several model turns, each with its result.
    expect(t.messages[3]?.toolCalls).toHaveLength(9);
    expect(t.messages[3]?.toolCalls[3]).toMatchObject({ id: 'read_file-1768561450182-7b0e80586cb07', name: 'read_file', args: { file_path: 'SECURITY.md' } });
    expect(t.links.get('read_file-1768561450182-7b0e80586cb07')?.results).toEqual([7]);
    expect(t.messages[7]).toMatchObject({ role: 'tool', name: 'read_file', status: 'success', toolCallId: 'read_file-1768561450182-7b0e80586cb07' });
    expect(t.messages[7]?.text).toMatch(/^# Security Policy/);
    expect(t.messages[17]?.text).toBe("I've created the `hello.md` file for you.");
    expect(t.links.callCount).toBe(14);
    expect(t.messages.filter((m) => m.role === 'tool')).toHaveLength(14);
    expect(t.findings).toEqual([]);
  });

  it('reads thoughts as reasoning before the answer', () => {
    const t = transcript(withThoughts);
    expect(t.format).toBe('gemini-cli');
    expect(t.messages).toHaveLength(24);
    expect(t.links.callCount).toBe(10);
    const hello = t.messages[1];
    expect(hello?.content.map((b) => b.kind)).toEqual(['reasoning', 'reasoning', 'text']);
    expect(hello?.content[0]?.text).toMatch(/^Assessing the Prompt's Intent\n/);
    expect(hello?.text).toMatch(/^Hello! I see we're all set up with the Gemini CLI/);
    expect(t.messages[15]?.toolCalls.map((c) => c.name)).toEqual(['read_file', 'write_file', 'read_file']);
    expect(rules(t)).toEqual([]);
  });
});

describe('gemini-cli shapes', () => {
  it('claims a session over the role/content reading of its messages', () => {
    const session = { ...meta, messages: [user('u1', 'hi'), gemini('g1', 'Hello')] };
    expect(geminiCli.detect(input(session))).toBe(100);
    expect(detectFormat(input(session))?.name).toBe('gemini-cli');
    expect(geminiCli.detect(input({ sessionId: 's', messages: [{ role: 'user', content: 'hi' }] }))).toBe(0);
    expect(geminiCli.detect(input([meta, user('u1', 'hi'), { $set: { lastUpdated: 'x' } }]))).toBe(100);
    expect(geminiCli.detect(input([user('u1', 'hi')]))).toBe(0);
  });

  it('replays the JSON Lines form: a rewritten message in its first place, a rewind, a failed call', () => {
    const t = transcript(
      jsonl([
        meta,
        user('u1', 'Read a.md'),
        { $set: { lastUpdated: '2026-05-01T10:00:01.000Z' } },
        gemini('g1', ''),
        gemini('g1', '', {
          toolCalls: [toolCall('c1', 'read_file', { error: 'File not found: a.md' }, 'error')],
          tokens: { input: 10, output: 2, cached: 0, total: 12 },
        }),
        gemini('g2', 'It does not exist.'),
        { $rewindTo: 'g2' },
        gemini('g3', 'a.md does not exist.'),
        { id: 'i1', timestamp: '2026-05-01T10:00:05.000Z', type: 'info', content: 'Checkpoint saved.' },
      ]),
    );
    expect(t.format).toBe('gemini-cli');
    expect(t.messages.map((m) => [m.role, m.id ?? m.toolCallId, m.location.path])).toEqual([
      ['human', 'u1', 'line 2'],
      ['ai', 'g1', 'line 5'],
      ['tool', 'c1', 'line 5'],
      ['ai', 'g3', 'line 8'],
      ['other', 'i1', 'line 9'],
    ]);
    expect(t.messages[2]).toMatchObject({ status: 'error', text: 'File not found: a.md' });
    expect(t.messages[1]?.usage).toMatchObject({ input: 10, output: 2, total: 12 });
    expect(t.notes).toEqual([
      "1 line rewrites a message written earlier (same id): the last version is shown, in the first one's place.",
      '$rewindTo lines removed 1 message from the session, as Gemini CLI does on resume; they are not shown.',
      "1 info / warning / error record is Gemini CLI's own notice, never sent to the model.",
    ]);
  });

  it('starts over at a $set.messages checkpoint', () => {
    const t = transcript(
      jsonl([meta, user('u1', 'first'), gemini('g1', 'one'), { $set: { messages: [user('u2', 'again'), gemini('g2', 'two')] } }, user('u3', 'next')]),
    );
    expect(t.messages.map((m) => [m.id, m.location.path])).toEqual([
      ['u2', 'line 4'],
      ['g2', 'line 4'],
      ['u3', 'line 5'],
    ]);
    expect(t.notes).toEqual([
      'A $set.messages checkpoint replaces 2 earlier messages with the list it holds, as Gemini CLI does on resume; they are not shown.',
    ]);
  });

  it('leaves a call without a result pending', () => {
    const t = transcript(
      json({
        ...meta,
        messages: [user('u1', 'Run it'), gemini('g1', '', { toolCalls: [{ id: 'c1', name: 'run_shell_command', args: {}, status: 'executing' }] })],
      }),
    );
    expect(t.messages.map((m) => m.role)).toEqual(['human', 'ai']);
    expect(t.findings.map((f) => [f.rule, f.toolCallId])).toEqual([['pending-tool-call', 'c1']]);
  });
});
