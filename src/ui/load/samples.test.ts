import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importText } from '../../core/import';
import { DEFAULT_SAMPLE, SAMPLES } from './samples';

// Each sample shows exactly the problem its menu entry names: these pin its findings and verdicts, so that a change
// of a rule or a reader that changes what a first visit shows fails here first.
const DIR = join(import.meta.dirname, '../../../public/samples');

function read(file: string) {
  const result = importText(readFileSync(join(DIR, file), 'utf8'));
  if (!result.ok) throw new Error(`${file}: ${result.error.message}`);
  return result.transcript;
}

describe.each(SAMPLES.map((sample) => [sample.file, sample] as const))('sample %s', (_, sample) => {
  const transcript = read(sample.file);

  it('has exactly the findings and verdicts its menu entry names', () => {
    expect(transcript.findings.map((finding) => finding.rule)).toEqual(sample.findings);
    expect(transcript.verdicts.filter((verdict) => !verdict.accepted).map((verdict) => verdict.target)).toEqual(sample.rejectedBy);
    expect(transcript.verdicts.every((verdict) => verdict.unjudged === undefined)).toBe(true);
  });

  it('is read as the format the menu names, every message readable', () => {
    expect(`${transcript.formatLabel}${transcript.kind === 'request' ? ' request' : ''}`).toBe(sample.format);
    expect(transcript.messages.every((message) => message.problem === undefined)).toBe(true);
  });

  it('is short: 8 to 20 messages, with tool calls linked', () => {
    expect(transcript.messages.length).toBeGreaterThanOrEqual(8);
    expect(transcript.messages.length).toBeLessThanOrEqual(20);
    expect(transcript.links.callCount).toBeGreaterThan(0);
  });
});

describe('the samples', () => {
  it('the default one, opened on a first visit, has findings and an error among them', () => {
    expect(DEFAULT_SAMPLE).toBe(SAMPLES[0]);
    expect(read(DEFAULT_SAMPLE.file).findings.some((finding) => finding.severity === 'error')).toBe(true);
  });

  it('come in different formats, and each file of public/samples is listed or kept for a reason', () => {
    const formats = SAMPLES.map((sample) => read(sample.file).format);
    expect(new Set(formats).size).toBe(SAMPLES.length);
    // redis-logs: the sample before these, in Chinese and without findings; browser tests open it by its link.
    expect(readdirSync(DIR).sort()).toEqual([...SAMPLES.map((sample) => sample.file), 'redis-logs.langchain.json'].sort());
  });

  it('those whose format records usage report tokens and a model, so the Tokens view and cost show them', () => {
    for (const file of ['orphaned-call.langchain.json', 'failed-tool-retry.gemini-cli.json']) {
      const transcript = read(file);
      expect(transcript.tokens.totals.total, file).toBeGreaterThan(0);
      expect(
        transcript.tokens.perModel.map((row) => row.model).filter((model) => model !== ''),
        file,
      ).not.toEqual([]);
    }
  });
});
