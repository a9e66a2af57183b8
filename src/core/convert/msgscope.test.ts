import { describe, expect, it } from 'vitest';
import type { Message } from '../model';
import { transcript } from '../testing/importing';
import { CONVERT_TARGETS, convertTranscript } from '.';
import { importText } from '../import';

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
 * input beside it, indented (the worst fixture measured 9.0 ×, a Vercel UI history of short messages). The other
 * targets write less. Stated in docs/SECURITY.md.
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
