export type Command =
  | { kind: 'check'; file: string; json: boolean; format?: string; conversation?: string }
  | { kind: 'convert'; file: string; to: string; output?: string; format?: string; conversation?: string }
  | { kind: 'formats' }
  | { kind: 'open'; file: string; port?: number }
  | { kind: 'help' }
  | { kind: 'usage-error'; message: string };

interface Scanned {
  positional: string[];
  flags: Map<string, string | true>;
}

// Options that take a value; everything else starting with - is a boolean flag.
const VALUED = new Set(['--format', '--port', '--to', '--output', '-o', '--conversation']);
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

const COMMANDS = ['check', 'convert', 'formats', 'open'];

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
  if (file === undefined) return { kind: 'usage-error', message: `${command} needs a FILE${command === 'open' ? '' : ' (or - for stdin)'}` };
  if (extra.length > 0) return { kind: 'usage-error', message: `unexpected argument: ${extra[0]}` };

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

  const bad = unknownFlag(flags, ['--port']);
  if (bad) return { kind: 'usage-error', message: `unknown option for open: ${bad}` };
  if (file === '-') return { kind: 'usage-error', message: 'open needs a file, not stdin' };
  const portText = flags.get('--port');
  if (typeof portText !== 'string') return { kind: 'open', file };
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) return { kind: 'usage-error', message: `--port must be a number from 0 to 65535, not ${portText}` };
  return { kind: 'open', file, port };
}
