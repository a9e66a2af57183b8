import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';
import { flagsToRerunWith, LARGE_INPUT_BYTES, YOUNG_GENERATION_FLAGS } from './youngGeneration';

const sizes: Record<string, number> = { 'big.json': LARGE_INPUT_BYTES, 'small.json': LARGE_INPUT_BYTES - 1 };
const sizeOf = (file: string): number | undefined => sizes[file];
const rerun = (argv: string[], execArgv: string[] = []) => flagsToRerunWith(parseArgs(argv), sizeOf, execArgv);

describe('flagsToRerunWith', () => {
  it('re-runs check and convert of a file from LARGE_INPUT_BYTES on with the young generation flags', () => {
    expect(rerun(['check', 'big.json', '--json'])).toEqual(YOUNG_GENERATION_FLAGS);
    expect(rerun(['convert', 'big.json', '--to', 'openai-chat'])).toEqual(YOUNG_GENERATION_FLAGS);
  });

  it('runs smaller files, stdin, missing files and other commands in this process', () => {
    expect(rerun(['check', 'small.json'])).toBeUndefined();
    expect(rerun(['check', '-'])).toBeUndefined();
    expect(rerun(['check', 'missing.json'])).toBeUndefined();
    expect(rerun(['open', 'big.json'])).toBeUndefined();
    expect(rerun(['check'])).toBeUndefined();
  });

  it('does not re-run a process that already has the flags, so the child does the work', () => {
    expect(rerun(['check', 'big.json'], [...YOUNG_GENERATION_FLAGS])).toBeUndefined();
    // One of the two is not enough: the child must have both.
    expect(rerun(['check', 'big.json'], [YOUNG_GENERATION_FLAGS[0] ?? ''])).toEqual(YOUNG_GENERATION_FLAGS);
  });
});
