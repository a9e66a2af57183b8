import { describe, expect, it } from 'vitest';
import { importText } from './import';

// Every file in fixtures/cross-format is the same run in another wire format (see its README).
const files = import.meta.glob<string>('../../fixtures/cross-format/*.*', { query: '?raw', import: 'default', eager: true });

const EXPECTED_ROLES = ['system', 'human', 'ai', 'tool', 'human', 'tool', 'tool', 'ai'];
const EXPECTED_FINDINGS = [
  { rule: 'tool-results-not-adjacent', messageIndex: 5, toolCallId: 'call_hz' },
  { rule: 'orphan-tool-result', messageIndex: 6, toolCallId: 'call_zz' },
];

const cases = Object.entries(files)
  .filter(([path]) => !path.endsWith('README.md'))
  .map(([path, text]) => ({ file: path.split('/').at(-1) ?? path, text }));

describe('one run in every format', () => {
  it('has a file for several formats', () => {
    expect(cases.length).toBeGreaterThanOrEqual(3);
  });

  it.each(cases)('$file is detected by its adapter and reads as the same run', ({ file, text }) => {
    const result = importText(text);
    if (!result.ok) throw new Error(`${file}: ${result.error.message}`);
    const t = result.transcript;
    expect(t.format).toBe(file.slice(0, file.indexOf('.')));
    expect(t.messages.map((m) => m.role)).toEqual(EXPECTED_ROLES);
    expect(t.messages[2]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([
      ['call_bj', 'get_weather', { city: 'Beijing' }],
      ['call_hz', 'get_weather', { city: 'Hangzhou' }],
    ]);
    expect(t.messages.map((m) => m.toolCallId ?? null)).toEqual([null, null, null, 'call_bj', null, 'call_hz', 'call_zz', null]);
    expect(t.findings.map(({ rule, messageIndex, toolCallId }) => ({ rule, messageIndex, toolCallId }))).toEqual(EXPECTED_FINDINGS);
  });
});
