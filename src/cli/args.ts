import { isIP } from 'node:net';
import type { ServeOptions } from './shareServer/serveCommand';
import { parseShare, SHARE_VALUED, type ShareCommand } from './shareArgs';

export type Command =
  | { kind: 'check'; file: string; json: boolean; format?: string; conversation?: string }
  | { kind: 'convert'; file: string; to: string; output?: string; format?: string; conversation?: string }
  | { kind: 'formats' }
  | { kind: 'open'; file: string; port?: number; host?: string }
  | ({ kind: 'serve' } & ServeOptions)
  | ShareCommand
  | { kind: 'redact'; file: string; output?: string }
  | { kind: 'repair'; file: string; target?: string; output?: string; format?: string }
  | { kind: 'help' }
  | { kind: 'usage-error'; message: string };

interface Scanned {
  positional: string[];
  flags: Map<string, string | true>;
}

// `msgscope serve`'s options that take a value.
const SERVE_VALUED = ['--data', '--max-bytes', '--store', '--allow-host', '--allow-origin', '--upload-rate'];

// Options that take a value; everything else starting with - is a boolean flag.
const VALUED = new Set(['--format', '--port', '--host', '--to', '--for', '--output', '-o', '--conversation', ...SERVE_VALUED, ...SHARE_VALUED]);
// Short spellings, stored under their long name so each command checks one name.
const ALIASES: Record<string, string> = { '-o': '--output' };

function scan(argv: readonly string[]): Scanned | string {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    // A lone `-` is stdin, not an option.
    if (arg === '-' || !arg.startsWith('-')) {
      positional.push(arg);
      continue;
    }
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (VALUED.has(name)) {
      const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
      if (value === undefined || value === '') return `${name} needs a value`;
      flags.set(ALIASES[name] ?? name, value);
    } else if (eq !== -1) {
      return `${name} takes no value`;
    } else {
      flags.set(name, true);
    }
  }
  return { positional, flags };
}

function unknownFlag(flags: Map<string, string | true>, allowed: readonly string[]): string | undefined {
  return [...flags.keys()].find((f) => !allowed.includes(f));
}

const COMMANDS = ['check', 'convert', 'formats', 'open', 'serve', 'share', 'redact', 'repair'];

/** `{format, conversation}` as given, else nothing, so commands carry no undefined keys. */
function formatOption(flags: Map<string, string | true>): { format?: string; conversation?: string } {
  const format = flags.get('--format');
  const conversation = flags.get('--conversation');
  return { ...(typeof format === 'string' && { format }), ...(typeof conversation === 'string' && { conversation }) };
}

export function parseArgs(argv: readonly string[]): Command {
  const scanned = scan(argv);
  if (typeof scanned === 'string') return { kind: 'usage-error', message: scanned };
  const { positional, flags } = scanned;
  if (flags.has('--help') || flags.has('-h') || positional[0] === 'help') return { kind: 'help' };
  const [command, file, ...extra] = positional;
  if (command === undefined) return { kind: 'usage-error', message: 'no command given' };
  if (!COMMANDS.includes(command)) return { kind: 'usage-error', message: `unknown command: ${command}` };

  if (command === 'formats') {
    if (file !== undefined) return { kind: 'usage-error', message: `unexpected argument: ${file}` };
    const bad = unknownFlag(flags, []);
    return bad ? { kind: 'usage-error', message: `unknown option for formats: ${bad}` } : { kind: 'formats' };
  }
  if (command === 'serve') return file === undefined ? parseServe(flags) : { kind: 'usage-error', message: `unexpected argument: ${file}` };
  if (file === undefined) return { kind: 'usage-error', message: `${command} needs a FILE${command === 'open' ? '' : ' (or - for stdin)'}` };
  if (extra.length > 0) return { kind: 'usage-error', message: `unexpected argument: ${extra[0]}` };
  if (command === 'share') return parseShare(file, flags);
  if (command === 'redact') {
    const bad = unknownFlag(flags, ['--output']);
    if (bad) return { kind: 'usage-error', message: `unknown option for redact: ${bad}` };
    const output = flags.get('--output');
    return { kind: 'redact', file, ...(typeof output === 'string' && { output }) };
  }

  if (command === 'repair') {
    const bad = unknownFlag(flags, ['--for', '--output', '--format']);
    if (bad) return { kind: 'usage-error', message: `unknown option for repair: ${bad}` };
    const target = flags.get('--for');
    const output = flags.get('--output');
    const format = flags.get('--format');
    return {
      kind: 'repair',
      file,
      ...(typeof target === 'string' && { target }),
      ...(typeof output === 'string' && { output }),
      ...(typeof format === 'string' && { format }),
    };
  }

  if (command === 'check') {
    const bad = unknownFlag(flags, ['--json', '--format', '--conversation']);
    if (bad) return { kind: 'usage-error', message: `unknown option for check: ${bad}` };
    return { kind: 'check', file, json: flags.has('--json'), ...formatOption(flags) };
  }

  if (command === 'convert') {
    const bad = unknownFlag(flags, ['--to', '--output', '--format', '--conversation']);
    if (bad) return { kind: 'usage-error', message: `unknown option for convert: ${bad}` };
    const to = flags.get('--to');
    if (typeof to !== 'string') return { kind: 'usage-error', message: 'convert needs --to TARGET' };
    const output = flags.get('--output');
    return { kind: 'convert', file, to, ...(typeof output === 'string' ? { output } : {}), ...formatOption(flags) };
  }

  const bad = unknownFlag(flags, ['--port', '--host']);
  if (bad) return { kind: 'usage-error', message: `unknown option for open: ${bad}` };
  if (file === '-') return { kind: 'usage-error', message: 'open needs a file, not stdin' };
  const port = portOption(flags);
  if (port instanceof Error) return { kind: 'usage-error', message: port.message };
  const host = hostOption(flags);
  if (host instanceof Error) return { kind: 'usage-error', message: host.message };
  return { kind: 'open', file, ...(port !== undefined && { port }), ...(host !== undefined && { host }) };
}

/** `--port N` as a number, undefined when not given, or what is wrong with it. */
function portOption(flags: Map<string, string | true>): number | undefined | Error {
  const text = flags.get('--port');
  if (typeof text !== 'string') return undefined;
  const port = Number(text);
  return /^\d+$/.test(text) && port <= 65535 ? port : new Error(`--port must be a number from 0 to 65535, not ${text}`);
}

/** A host name: labels of letters, digits and hyphens, separated by dots. */
const HOST_NAME = /^[a-z\d][a-z\d-]{0,62}(?:\.[a-z\d][a-z\d-]{0,62})*$/i;

/**
 * `--host H` as the address to listen on: an IPv4 or IPv6 address (brackets taken off) or a host name, lower
 * case; undefined when not given. A port (`H:N`), a scheme or a path is refused rather than listened on wrongly.
 */
function hostOption(flags: Map<string, string | true>): string | undefined | Error {
  const text = flags.get('--host');
  if (typeof text !== 'string') return undefined;
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const valid = bare === text ? isIP(text) !== 0 || (text.length <= 253 && HOST_NAME.test(text)) : isIP(bare) === 6;
  if (valid) return bare.toLowerCase();
  return new Error(`--host must be an IP address or a host name (no port, scheme or path), not ${text}`);
}

/** A whole number from 1 up, or what is wrong with it. */
function positiveOption(flags: Map<string, string | true>, name: string): number | undefined | Error {
  const text = flags.get(name);
  if (typeof text !== 'string') return undefined;
  const value = Number(text);
  return /^\d+$/.test(text) && value >= 1 && Number.isSafeInteger(value) ? value : new Error(`${name} must be a whole number from 1 up, not ${text}`);
}

/** A comma-separated list, each item checked; empty when not given. */
function listOption(flags: Map<string, string | true>, name: string, valid: (item: string) => boolean, what: string): string[] | Error {
  const text = flags.get(name);
  if (typeof text !== 'string') return [];
  const items = text.split(',').map((item) => item.trim());
  const bad = items.find((item) => !valid(item));
  return bad === undefined ? items : new Error(`${name} takes ${what}, separated by commas; not ${bad || '(empty)'}`);
}

/** A Host value as a client sends it: a name or address, an IPv6 one in brackets, with an optional port. */
const HOST_VALUE = /^(?:\[[\da-f:.]+\]|[a-z\d][a-z\d.-]*)(?::\d{1,5})?$/i;

/** An origin as a browser sends it (`https://app.example`, no path), or `*` for any. */
function isOrigin(text: string): boolean {
  if (text === '*') return true;
  try {
    return new URL(text).origin === text;
  } catch {
    return false;
  }
}

function parseServe(flags: Map<string, string | true>): Command {
  const booleans = ['--trust-proxy', '--s3-path-style'];
  const bad = unknownFlag(flags, ['--port', '--host', ...SERVE_VALUED, ...booleans]);
  if (bad) return { kind: 'usage-error', message: `unknown option for serve: ${bad}` };
  const port = portOption(flags);
  const host = hostOption(flags);
  const maxBytes = positiveOption(flags, '--max-bytes');
  const uploadsPerMinute = positiveOption(flags, '--upload-rate');
  const allowHosts = listOption(flags, '--allow-host', (item) => HOST_VALUE.test(item), 'host names (NAME or NAME:PORT)');
  const allowOrigins = listOption(flags, '--allow-origin', isOrigin, 'origins (https://app.example) or *');
  const store = flags.get('--store');
  const data = flags.get('--data');
  const usage = (error: Error): Command => ({ kind: 'usage-error', message: error.message });
  if (port instanceof Error) return usage(port);
  if (host instanceof Error) return usage(host);
  if (maxBytes instanceof Error) return usage(maxBytes);
  if (uploadsPerMinute instanceof Error) return usage(uploadsPerMinute);
  if (allowHosts instanceof Error) return usage(allowHosts);
  if (allowOrigins instanceof Error) return usage(allowOrigins);
  if (typeof store === 'string' && !store.startsWith('s3://'))
    return { kind: 'usage-error', message: `--store takes s3://BUCKET/PREFIX (SQLite, the default, needs no --store), not ${store}` };
  return {
    kind: 'serve',
    ...(port !== undefined && { port }),
    ...(host !== undefined && { host }),
    ...(typeof data === 'string' && { data }),
    ...(typeof store === 'string' && { store }),
    ...(maxBytes !== undefined && { maxBytes }),
    ...(uploadsPerMinute !== undefined && { uploadsPerMinute }),
    allowHosts,
    allowOrigins,
    trustProxy: flags.has('--trust-proxy'),
    s3PathStyle: flags.has('--s3-path-style'),
  };
}
