import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importText } from '../import';
import { readBack, rejected, repaired, wire } from '../testing/repair';
import { repairImported, repairText } from '.';
import { INTERRUPTED, WRITABLE_FORMATS } from './writable';

const FIXTURES = join(import.meta.dirname, '../../../fixtures');
const fixture = (path: string): string => readFileSync(join(FIXTURES, path), 'utf8');

describe('repairText', () => {
  it('refuses input that is no history, as the importer does', () => {
    const result = repairText('{"not": "a history"}');
    expect(result.ok).toBe(false);
  });

  it('keeps a history with nothing to repair as it is, in any format, converting nothing', () => {
    const text = fixture('formats/claude-code/clean.jsonl');
    const result = repaired(text);
    expect(result.text).toBe(text);
    expect(result.converted).toBeUndefined();
    expect(result.format).toBe('claude-code');
    expect(result.accepted).toBe(true);
  });

  it('converts a format it does not write back (Claude Code logs) to msgscope JSON, saying so, and repairs that', () => {
    const result = repaired(fixture('formats/claude-code/fault.jsonl'));
    expect(result.converted).toMatchObject({ from: 'claude-code', reason: expect.stringContaining('msgscope JSON') });
    expect(result.converted?.reason).toContain(WRITABLE_FORMATS.join(', '));
    expect(result.format).toBe('msgscope');
    expect(result.readBack).toBe('msgscope');
    expect(result.edits).toEqual([expect.objectContaining({ action: 'added', rule: 'orphan-tool-call' })]);
    expect(result.accepted).toBe(true);
  });

  it('converts to the target’s own request when asked for one', () => {
    const result = repaired(fixture('formats/claude-code/fault.jsonl'), { target: 'anthropic' });
    expect(result.format).toBe('anthropic');
    expect(result.accepted).toBe(true);
    expect(rejected(readBack(result.text, 'anthropic'), 'anthropic')).toEqual([]);
    expect(repaired(fixture('formats/claude-code/fault.jsonl'), { target: 'langgraph' }).format).toBe('langchain-stored');
  });

  it('repairs each conversation of a file of several in place, naming them, and copies the others byte for byte', () => {
    const row = (answered: boolean) =>
      JSON.stringify({
        messages: [
          { role: 'user', content: 'Weather?' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] },
          ...(answered ? [{ role: 'tool', tool_call_id: 'call_1', content: 'Sunny' }] : []),
          { role: 'assistant', content: 'Sunny.' },
        ],
      });
    const text = `${row(true)}\n${row(false)}\n${row(true)}\n`;
    const result = repaired(text);
    expect(result.format).toBe('openai-finetune');
    expect(result.edits).toEqual([expect.objectContaining({ conversation: 'row 2', message: 1, action: 'added' })]);
    const lines = result.text.split('\n');
    expect([lines[0], lines[2]]).toEqual([row(true), row(true)]);
    expect(wire(lines[1]!).messages[2]).toEqual({ role: 'tool', tool_call_id: 'call_1', content: INTERRUPTED });
    expect(result.accepted).toBe(true);
    expect(result.verdicts).toHaveLength(3);
  });

  it('keeps a byte-order mark and CRLF line ends', () => {
    const lines = [
      { type: 'human', data: { content: 'Add', type: 'human' } },
      { type: 'ai', data: { content: '', type: 'ai', tool_calls: [{ name: 'add', args: {}, id: 'call_1', type: 'tool_call' }] } },
      { type: 'human', data: { content: 'Well?', type: 'human' } },
    ].map((line) => JSON.stringify(line));
    const text = `\ufeff${lines.join('\r\n')}\r\n`;
    const result = repaired(text);
    expect(result.text.startsWith('\ufeff')).toBe(true);
    expect(result.text.split('\r\n')).toHaveLength(5);
    expect(result.text.split('\r\n')[0]).toBe(`\ufeff${lines[0]}`);
    expect(result.accepted).toBe(true);
  });

  it('renumbers msgscope JSON’s rawOf when entries move, and writes the raw value out when its holder goes', () => {
    const message = (role: string, extra: { text?: string } & Record<string, unknown>) => ({
      role,
      sourceType: role,
      content: extra.text === undefined ? [] : [{ kind: 'text', type: 'text', text: extra.text }],
      toolCalls: [],
      invalidToolCalls: [],
      ...extra,
    });
    const doc = (messages: unknown[]) => JSON.stringify({ format: 'msgscope', version: 1, source: { format: 'x', label: 'X' }, messages }, null, 2);
    const shared = {
      role: 'assistant',
      content: [
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ],
    };
    // An answer added after #1 moves #3 and #4 down by one: #4 shares #3's raw.
    const moved = doc([
      message('human', { text: 'hi', raw: 'hi' }),
      message('ai', { toolCalls: [{ id: 'call_1', name: 'f', args: {} }], raw: {} }),
      message('human', { text: 'next', raw: 'next' }),
      message('ai', { text: 'a', turn: 3, raw: shared }),
      message('ai', { text: 'b', turn: 3, rawOf: 3 }),
    ]);
    const first = repaired(moved);
    expect(wire(first.text).messages[5]?.rawOf).toBe(4);
    expect(readBack(first.text).messages[5]?.raw).toEqual(shared);
    expect(first.changed.map((c) => c.message)).toContain(4);
    // A stray result that holds the raw value its neighbour names goes: the neighbour gets the value itself.
    const dropped = doc([
      message('human', { text: 'hi', raw: 'hi' }),
      message('tool', { toolCallId: 'gone', text: 'x', turn: 1, raw: shared }),
      message('human', { text: 'more', turn: 1, rawOf: 1 }),
      message('ai', { text: 'ok', raw: {} }),
    ]);
    const second = repaired(dropped);
    expect(second.edits).toEqual([expect.objectContaining({ message: 1, action: 'dropped' })]);
    expect(wire(second.text).messages[1]).not.toHaveProperty('rawOf');
    expect(readBack(second.text).messages[1]?.raw).toEqual(shared);
  });

  it('repairs a history read without its text (an archive’s) by converting it', () => {
    const imported = importText(fixture('formats/openai-chat/fault.json'));
    if (!imported.ok) throw new Error(imported.error.message);
    const result = repairImported(imported);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.format).toBe('msgscope');
    expect(result.converted?.reason).toContain('archive');
    expect(result.accepted).toBe(true);
  });

  it('says when the output is read as another format without --format', () => {
    const result = repaired(fixture('real/openai-agents-python/v1_11_tool_output_custom_data.json'), { target: 'anthropic' });
    expect(result.format).toBe('anthropic');
    if (result.readBack !== 'anthropic') expect(result.notes.join(' ')).toContain('--format anthropic');
  });

  it('lists what no mechanical edit repairs, with why, and says the target still rejects it', () => {
    const result = repaired(fixture('tool-error-retry.langchain.json'), { target: 'openai-chat' });
    expect(result.accepted).toBe(false);
    expect(result.edits).toEqual([]);
    expect(result.unrepaired).toEqual([expect.objectContaining({ rule: 'invalid-tool-call', message: 2, reason: expect.stringContaining('arguments') })]);
  });
});
