import { describe, expect, it } from 'vitest';
import type { Message } from '../model';
import { transcript } from '../testing/importing';
import { CONVERT_TARGETS, convertTranscript } from '.';
import { importText } from '../import';
import { MAX_DEPTH } from '../json/depth';

const fixtures = import.meta.glob<string>(['../../../fixtures/*.*', '../../../fixtures/cross-format/*.*', '!**/*.md', '!**/invalid.json'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Real files whose reading carries made-up ids, calls answered inside a code run, compaction passes and results in the wrong role. */
const marked = import.meta.glob<string>(
  [
    '../../../fixtures/real/vercel-ai/anthropic-compaction.1.json',
    '../../../fixtures/real/vercel-ai/anthropic-programmatic-tool-calling.1.json',
    '../../../fixtures/real/vercel-ai/google-tool-call-gemini3.json',
    '../../../fixtures/formats/gemini/fault.json',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** Every history in fixtures, real files included, for the export size bound. */
const everyFixture = import.meta.glob<string>(['../../../fixtures/**/*.{json,jsonl,txt,sse,traj}', '!**/invalid.json', '!**/expected.json'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Everything but where the message sits in the file it was read from. */
const withoutLocation = (messages: readonly Message[]) => messages.map((m) => ({ ...m, location: undefined }));

describe('msgscope export', () => {
  it('writes the format, a version, the source format and every message with all its fields', () => {
    const t = transcript(fixtures['../../../fixtures/tool-error-retry.langchain.json'] ?? '');
    const { text, lost } = convertTranscript(t, 'msgscope');
    const doc = JSON.parse(text) as { format: string; version: number; source: unknown; messages: Message[] };
    expect(doc.format).toBe('msgscope');
    expect(doc.version).toBe(1);
    expect(doc.source).toEqual({ format: 'langchain-serialized', label: t.formatLabel, kind: 'history' });
    expect(doc.messages[2]?.raw).toEqual(t.messages[2]?.raw);
    expect(doc.messages[2]?.invalidToolCalls[0]?.invalid).toBe(true);
    expect(lost).toEqual([]);
  });

  it.each(Object.entries(fixtures).map(([path, text]) => ({ file: path.replace('../../../fixtures/', ''), text })))(
    '$file → msgscope → back reads as the same messages, raw included',
    ({ text }) => {
      const original = transcript(text);
      const back = transcript(convertTranscript(original, 'msgscope').text);
      expect(back.format).toBe('msgscope');
      expect(withoutLocation(back.messages)).toEqual(withoutLocation(original.messages));
      expect(back.findings.map((f) => [f.rule, f.messageIndex])).toEqual(original.findings.map((f) => [f.rule, f.messageIndex]));
    },
  );

  it.each(Object.entries(marked).map(([path, text]) => ({ file: path.replace('../../../fixtures/', ''), text })))(
    '$file → msgscope → back keeps every mark, and what the file was',
    ({ text }) => {
      const original = transcript(text);
      const back = transcript(convertTranscript(original, 'msgscope').text);
      expect(withoutLocation(back.messages)).toEqual(withoutLocation(original.messages));
      expect([back.kind, back.findings.map((f) => [f.rule, f.messageIndex])]).toEqual([original.kind, original.findings.map((f) => [f.rule, f.messageIndex])]);
    },
  );
});

/**
 * An export is at most this many times its input: msgscope JSON writes each message normalized, with its raw
 * input beside it, indented to INDENTED_LEVELS levels (the worst fixture measured 9.6 ×, a Gemini request of short
 * messages; a value as deep as the depth limit, 5.2 ×). The other targets write less. Stated in docs/SECURITY.md.
 */
const EXPORT_AT_MOST = 12;

describe('msgscope export size', () => {
  it.each(Object.entries(everyFixture).map(([path, text]) => ({ file: path.replace('../../../fixtures/', ''), text })))(
    '$file: every export is at most EXPORT_AT_MOST times the input',
    ({ text }) => {
      const result = importText(text);
      if (!result.ok) return;
      for (const entry of CONVERT_TARGETS)
        expect(convertTranscript(result.transcript, entry.target).text.length / text.length, entry.target).toBeLessThan(EXPORT_AT_MOST);
    },
  );

  // One MEAI tool message answering 200 calls: read as 200 tool messages, all split from it.
  const calls = Array.from({ length: 200 }, (_, i) => `call_${i}`);
  const input = JSON.stringify([
    { role: 'user', contents: [{ $type: 'text', text: 'go' }] },
    { role: 'assistant', contents: calls.map((callId) => ({ $type: 'functionCall', callId, name: 'lookup', arguments: { q: callId } })) },
    { role: 'tool', contents: calls.map((callId) => ({ $type: 'functionResult', callId, result: `${callId}: ${'r'.repeat(500)}` })) },
  ]);

  // Values as deep as the depth limit lets in, in the places a history holds values: a content block, a tool's
  // arguments (a JSON string, parsed) and a tool_use input. Indented all the way down, 256 levels of brackets in
  // a 576-byte message wrote 465 times its size as msgscope JSON.
  const nested = (levels: number, wrap: (inner: unknown) => unknown): unknown => {
    let value: unknown = [];
    for (let i = 1; i < levels; i++) value = wrap(value);
    return value;
  };
  const deep = {
    'arrays in a content block': JSON.stringify([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [{ type: 'text', text: 'x', extra: nested(MAX_DEPTH - 4, (v) => [v]) }] },
    ]),
    'objects in tool arguments': JSON.stringify({
      model: 'm',
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: JSON.stringify(nested(MAX_DEPTH, (v) => ({ a: v }))) } }],
        },
      ],
    }),
    'arrays in a tool_use input': JSON.stringify({
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'c', name: 'f', input: { q: nested(MAX_DEPTH - 8, (v) => [v]) } }] },
      ],
    }),
  };

  it.each(Object.entries(deep))('a history holding %s as deep as the depth limit: every export is at most EXPORT_AT_MOST times it', (_name, input) => {
    const original = transcript(input);
    expect(original.notes ?? []).toEqual([]);
    for (const { target } of CONVERT_TARGETS) {
      const { text } = convertTranscript(original, target);
      expect(text.length / input.length, target).toBeLessThan(EXPORT_AT_MOST);
    }
    // Written compact below a few levels, it is still the same JSON (read back, the export is deeper than the limit).
    const written = JSON.parse(convertTranscript(original, 'msgscope').text) as { messages: Message[] };
    expect(written.messages.map((m) => m.raw)).toEqual(original.messages.map((m) => m.raw));
  });

  it('writes a split wire message once: the export stays within a small constant of its input', () => {
    const original = transcript(input);
    expect(original.messages.filter((m) => m.role === 'tool')).toHaveLength(200);
    const { text } = convertTranscript(original, 'msgscope');
    // Without sharing, each of the 200 results would repeat the whole 100 KB message: 200 times the input.
    expect(text.length / input.length).toBeLessThan(EXPORT_AT_MOST);
    const back = transcript(text);
    expect(back.messages.map((m) => m.raw)).toEqual(original.messages.map((m) => m.raw));
  });
});
