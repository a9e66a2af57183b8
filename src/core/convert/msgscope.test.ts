import { describe, expect, it } from 'vitest';
import type { Message } from '../model';
import { transcript } from '../testing/importing';
import { convertTranscript } from '.';

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
