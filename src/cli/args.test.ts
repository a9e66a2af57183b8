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

  it('reads open with a host: an address (IPv6 with or without brackets) or a name, lower case', () => {
    expect(parseArgs(['open', 'a.json', '--host', '192.168.1.4'])).toEqual({ kind: 'open', file: 'a.json', host: '192.168.1.4' });
    expect(parseArgs(['open', 'a.json', '--host=0.0.0.0', '--port', '80'])).toEqual({ kind: 'open', file: 'a.json', port: 80, host: '0.0.0.0' });
    expect(parseArgs(['open', 'a.json', '--host', '[FD00::1]'])).toMatchObject({ host: 'fd00::1' });
    expect(parseArgs(['open', 'a.json', '--host', '::'])).toMatchObject({ host: '::' });
    expect(parseArgs(['open', 'a.json', '--host', 'Box.local'])).toMatchObject({ host: 'box.local' });
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
    [['open', 'a', '--host'], '--host needs a value'],
    ...['127.0.0.1:8080', 'http://box', 'box/x', 'a b', '[127.0.0.1]', '-x.example', `${'a'.repeat(64)}.example`].map((host): [string[], string] => [
      ['open', 'a', '--host', host],
      `--host must be an IP address or a host name (no port, scheme or path), not ${host}`,
    ]),
    [['check', 'a', '--host', 'x'], 'unknown option for check: --host'],
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

describe('parseArgs: serve', () => {
  const defaults = { kind: 'serve', allowHosts: [], allowOrigins: [], trustProxy: false, s3PathStyle: false };

  it('takes no FILE and every option of the share server', () => {
    expect(parseArgs(['serve'])).toEqual(defaults);
    expect(
      parseArgs([
        'serve',
        '--port=8080',
        '--host',
        '0.0.0.0',
        '--data',
        '/srv/shares',
        '--max-bytes',
        '1000000',
        '--allow-host',
        'share.example.com, share.example.com:8443',
        '--allow-origin',
        'https://app.example,http://localhost:5173',
        '--trust-proxy',
        '--upload-rate',
        '100',
      ]),
    ).toEqual({
      ...defaults,
      port: 8080,
      host: '0.0.0.0',
      data: '/srv/shares',
      maxBytes: 1_000_000,
      allowHosts: ['share.example.com', 'share.example.com:8443'],
      allowOrigins: ['https://app.example', 'http://localhost:5173'],
      trustProxy: true,
      uploadsPerMinute: 100,
    });
    expect(parseArgs(['serve', '--store', 's3://bucket/shares', '--s3-path-style', '--allow-origin', '*'])).toEqual({
      ...defaults,
      store: 's3://bucket/shares',
      s3PathStyle: true,
      allowOrigins: ['*'],
    });
  });

  it.each([
    [['serve', 'file.json'], 'unexpected argument: file.json'],
    [['serve', '--json'], 'unknown option for serve: --json'],
    [['serve', '--port', '-1'], '--port must be a number from 0 to 65535, not -1'],
    [['serve', '--host', 'http://x'], '--host must be an IP address or a host name (no port, scheme or path), not http://x'],
    [['serve', '--max-bytes', '0'], '--max-bytes must be a whole number from 1 up, not 0'],
    [['serve', '--max-bytes', '50MB'], '--max-bytes must be a whole number from 1 up, not 50MB'],
    [['serve', '--upload-rate', '1.5'], '--upload-rate must be a whole number from 1 up, not 1.5'],
    [['serve', '--store', '/tmp/x'], '--store takes s3://BUCKET/PREFIX (SQLite, the default, needs no --store), not /tmp/x'],
    [['serve', '--allow-host', 'a.example,'], '--allow-host takes host names (NAME or NAME:PORT), separated by commas; not (empty)'],
    [['serve', '--allow-host', 'https://a.example'], '--allow-host takes host names (NAME or NAME:PORT), separated by commas; not https://a.example'],
    [['serve', '--allow-origin', 'https://a.example/'], '--allow-origin takes origins (https://app.example) or *, separated by commas; not https://a.example/'],
    [['serve', '--allow-origin', 'a.example'], '--allow-origin takes origins (https://app.example) or *, separated by commas; not a.example'],
    [['serve', '--data'], '--data needs a value'],
  ])('rejects %j', (argv, message) => {
    expect(parseArgs(argv)).toEqual({ kind: 'usage-error', message });
  });
});
