import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { transcript } from '../core/testing/importing';
import { tokenStatsReply } from './tokenStats';

describe('tokenStatsReply', () => {
  it('answers the totals and hands over every column of the growth series', () => {
    const path = new URL('../../fixtures/real/agentcmd/rollout-2025-09-24T20-12-23-01997ea4-a70d-7da3-8c20-c736db82a7c5.jsonl', import.meta.url);
    const { result, transfer } = tokenStatsReply(transcript(readFileSync(path, 'utf8')));
    // A Codex rollout: 18 gpt-5-codex turns, each reporting usage.
    expect(result.growth.index.length).toBe(18);
    expect(result.growth.windows).toEqual([expect.objectContaining({ family: 'gpt-5-codex', tokens: 400_000 })]);
    expect(result.byModel.map((g) => g.key)).toEqual(['gpt-5-codex']);
    const { index, input, cacheRead, output, model } = result.growth;
    expect(transfer).toEqual([index.buffer, input.buffer, cacheRead.buffer, output.buffer, model.buffer]);
    // What the page receives is a structured clone: no functions, nothing that cannot cross.
    expect(structuredClone(result).growth.input).toEqual(input);
  });
});
