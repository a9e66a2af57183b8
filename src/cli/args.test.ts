import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';

describe('parseArgs', () => {
  it('reads check with a file, --json and --format in any order', () => {
    expect(parseArgs(['check', 'a.json'])).toEqual({ kind: 'check', file: 'a.json', json: false });
    expect(parseArgs(['check', '--json', 'a.json', '--format', 'langchain-stored'])).toEqual({
      kind: 'check',
      file: 'a.json',
      json: true,
      format: 'langchain-stored',
    });
    expect(parseArgs(['check', 'a.json', '--format=openai-chat'])).toMatchObject({ format: 'openai-chat' });
  });

  it('takes - as stdin for check, but not for open', () => {
    expect(parseArgs(['check', '-', '--json'])).toEqual({ kind: 'check', file: '-', json: true });
    expect(parseArgs(['open', '-']).kind).toBe('usage-error');
  });

  it('reads open with an optional port', () => {
    expect(parseArgs(['open', 'a.json'])).toEqual({ kind: 'open', file: 'a.json' });
    expect(parseArgs(['open', 'a.json', '--port', '8080'])).toEqual({ kind: 'open', file: 'a.json', port: 8080 });
    expect(parseArgs(['open', 'a.json', '--port=0'])).toEqual({ kind: 'open', file: 'a.json', port: 0 });
  });

  it('reads convert with --to, -o / --output and --format', () => {
    expect(parseArgs(['convert', 'a.json', '--to', 'openai-chat'])).toEqual({ kind: 'convert', file: 'a.json', to: 'openai-chat' });
    expect(parseArgs(['convert', '-', '--to=anthropic', '-o', 'out.json', '--format', 'gemini'])).toEqual({
      kind: 'convert',
      file: '-',
      to: 'anthropic',
      output: 'out.json',
      format: 'gemini',
    });
    expect(parseArgs(['convert', 'a.json', '--output=b.json', '--to', 'msgscope'])).toMatchObject({ output: 'b.json' });
  });

  it('reads formats, which takes nothing', () => {
    expect(parseArgs(['formats'])).toEqual({ kind: 'formats' });
  });

  it('treats everything after -- as files', () => {
    expect(parseArgs(['check', '--', '--json'])).toEqual({ kind: 'check', file: '--json', json: false });
  });

  it('answers --help, -h and help anywhere', () => {
    expect(parseArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseArgs(['check', 'x', '-h'])).toEqual({ kind: 'help' });
    expect(parseArgs(['help'])).toEqual({ kind: 'help' });
  });

  it.each([
    [[], 'no command given'],
    [['frobnicate'], 'unknown command: frobnicate'],
    [['check'], 'check needs a FILE (or - for stdin)'],
    [['open'], 'open needs a FILE'],
    [['check', 'a', 'b'], 'unexpected argument: b'],
    [['check', 'a', '--port', '1'], 'unknown option for check: --port'],
    [['open', 'a', '--json'], 'unknown option for open: --json'],
    [['check', 'a', '--format'], '--format needs a value'],
    [['check', 'a', '--json=yes'], '--json takes no value'],
    [['open', 'a', '--port', 'http'], '--port must be a number from 0 to 65535, not http'],
    [['open', 'a', '--port', '70000'], '--port must be a number from 0 to 65535, not 70000'],
    [['convert', 'a'], 'convert needs --to TARGET'],
    [['convert', '--to', 'anthropic'], 'convert needs a FILE (or - for stdin)'],
    [['convert', 'a', '--to', 'anthropic', '--json'], 'unknown option for convert: --json'],
    [['convert', 'a', '--to', 'anthropic', '-o'], '-o needs a value'],
    [['formats', 'x'], 'unexpected argument: x'],
    [['formats', '--json'], 'unknown option for formats: --json'],
  ])('rejects %j', (argv, message) => {
    expect(parseArgs(argv)).toEqual({ kind: 'usage-error', message });
  });
});
