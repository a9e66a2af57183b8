import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';
import { flagsToRerunWith, LARGE_INPUT_BYTES, outOfMemoryMessage, YOUNG_GENERATION_FLAGS } from './largeInput';

const sizes: Record<string, number> = { 'big.json': LARGE_INPUT_BYTES, 'small.json': LARGE_INPUT_BYTES - 1 };
const sizeOf = (file: string): number | undefined => sizes[file];
const GIB = 2 ** 30;
const rerun = (argv: string[], execArgv: string[] = [], nodeOptions?: string) =>
  flagsToRerunWith(parseArgs(argv), sizeOf, { execArgv, nodeOptions, memory: 24 * GIB });
const CHILD_FLAGS = [...YOUNG_GENERATION_FLAGS, '--max-old-space-size=18432'];

describe('flagsToRerunWith', () => {
  it('re-runs check and convert of a file from LARGE_INPUT_BYTES on with the young generation and three quarters of the memory', () => {
    expect(rerun(['check', 'big.json', '--json'])).toEqual(CHILD_FLAGS);
    expect(rerun(['convert', 'big.json', '--to', 'openai-chat'])).toEqual(CHILD_FLAGS);
    expect(flagsToRerunWith(parseArgs(['check', 'big.json']), sizeOf, { execArgv: [], nodeOptions: undefined, memory: 2 * GIB })).toContain(
      '--max-old-space-size=1536',
    );
  });

  it('keeps a heap limit the user set, on the command line or in NODE_OPTIONS', () => {
    expect(rerun(['check', 'big.json'], ['--max-old-space-size=900'])).toEqual(YOUNG_GENERATION_FLAGS);
    expect(rerun(['check', 'big.json'], [], '--trace-gc --max-old-space-size=900')).toEqual(YOUNG_GENERATION_FLAGS);
    expect(rerun(['check', 'big.json'], [], '--trace-gc')).toEqual(CHILD_FLAGS);
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
    expect(rerun(['check', 'big.json'], [YOUNG_GENERATION_FLAGS[0] ?? ''])).toEqual(CHILD_FLAGS);
  });
});

describe('outOfMemoryMessage', () => {
  it('names the file, the limit the child had and how to raise it', () => {
    expect(outOfMemoryMessage('huge.json', CHILD_FLAGS)).toBe(
      'msgscope: huge.json needs more memory than Node may use here (18432 MB, three quarters of the memory available). Give it more with NODE_OPTIONS=--max-old-space-size=MEGABYTES, or split the history.\n',
    );
    expect(outOfMemoryMessage('huge.json', YOUNG_GENERATION_FLAGS)).toContain('(the heap limit you set)');
  });
});
