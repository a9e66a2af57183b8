export type Command =
  | { kind: 'check'; file: string; json: boolean; format?: string }
  | { kind: 'open'; file: string; port?: number }
  | { kind: 'help' }
  | { kind: 'usage-error'; message: string };

interface Scanned {
  positional: string[];
  flags: Map<string, string | true>;
}

// Options that take a value; everything else starting with -- is a boolean flag.
const VALUED = new Set(['--format', '--port']);

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
      flags.set(name, value);
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

export function parseArgs(argv: readonly string[]): Command {
  const scanned = scan(argv);
  if (typeof scanned === 'string') return { kind: 'usage-error', message: scanned };
  const { positional, flags } = scanned;
  if (flags.has('--help') || flags.has('-h') || positional[0] === 'help') return { kind: 'help' };
  const [command, file, ...extra] = positional;
  if (command === undefined) return { kind: 'usage-error', message: 'no command given' };
  if (command !== 'check' && command !== 'open') return { kind: 'usage-error', message: `unknown command: ${command}` };
  if (file === undefined) return { kind: 'usage-error', message: `${command} needs a FILE${command === 'check' ? ' (or - for stdin)' : ''}` };
  if (extra.length > 0) return { kind: 'usage-error', message: `unexpected argument: ${extra[0]}` };

  if (command === 'check') {
    const bad = unknownFlag(flags, ['--json', '--format']);
    if (bad) return { kind: 'usage-error', message: `unknown option for check: ${bad}` };
    const format = flags.get('--format');
    return { kind: 'check', file, json: flags.has('--json'), ...(typeof format === 'string' ? { format } : {}) };
  }

  const bad = unknownFlag(flags, ['--port']);
  if (bad) return { kind: 'usage-error', message: `unknown option for open: ${bad}` };
  if (file === '-') return { kind: 'usage-error', message: 'open needs a file, not stdin' };
  const portText = flags.get('--port');
  if (typeof portText !== 'string') return { kind: 'open', file };
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) return { kind: 'usage-error', message: `--port must be a number from 0 to 65535, not ${portText}` };
  return { kind: 'open', file, port };
}
