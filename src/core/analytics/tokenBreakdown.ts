// Token totals of a run by model, by role and by tool, for the Tokens view. A group none of whose messages
// reports usage says so (`reported: false`) and carries no counts: "0 tokens" would claim a count nobody made.
import type { Message, Role, ToolLinks, Usage } from '../model';
import { linkedCallNames } from '../tokens';

/** Tokens as the messages reported them, summed. `input` includes the cache reads and writes, as `Usage.input` does. */
export interface TokenCounts {
  input: number;
  output: number;
  cacheRead: number;
  /** Tokens written to the cache (Anthropic's `cache_creation_input_tokens`; `Usage.cacheCreation`). */
  cacheWrite: number;
  reasoning: number;
  total: number;
}

interface GroupBase {
  key: string;
  /** Messages in the group, with usage or not. */
  messages: number;
  /** Of those, the messages that report usage. */
  withUsage: number;
}

/** One row of totals: its counts only when at least one of its messages reported usage. */
export type TokenGroup = GroupBase & ({ reported: true; tokens: TokenCounts } | { reported: false });

/**
 * A tool's row: `messages` are the AI turns that called it and the tokens are theirs, each turn counted once
 * however many times it called the tool (a turn that calls two tools counts in both rows, so the rows do not
 * add up to the run). Its results: how many, and their text in characters.
 */
export type ToolTokenGroup = TokenGroup & { calls: number; results: number; resultChars: number };

export interface TokenBreakdown {
  run: TokenGroup;
  /** Messages that name a model or report usage, by model (`unknown` for usage without a model); most tokens first. */
  byModel: TokenGroup[];
  /** Every message, by role, in the order system, human, ai, tool, other (roles present only). */
  byRole: TokenGroup[];
  /** By tool name, most calls first. */
  byTool: ToolTokenGroup[];
}

const ROLES: readonly Role[] = ['system', 'human', 'ai', 'tool', 'other'];

interface Sum extends TokenCounts {
  key: string;
  messages: number;
  withUsage: number;
}

interface ToolSum extends Sum {
  calls: number;
  results: number;
  resultChars: number;
  /** The last message counted in `messages`: a turn calling the tool many times counts once. */
  lastTurn: number;
}

const emptySum = (key: string): Sum => ({ key, messages: 0, withUsage: 0, input: 0, output: 0, cacheRead: 0, cacheWrite: 0, reasoning: 0, total: 0 });

function add(sum: Sum, usage: Usage | undefined): void {
  sum.messages++;
  if (usage === undefined) return;
  sum.withUsage++;
  sum.input += usage.input;
  sum.output += usage.output;
  sum.cacheRead += usage.cacheRead ?? 0;
  sum.cacheWrite += usage.cacheCreation ?? 0;
  sum.reasoning += usage.reasoning ?? 0;
  sum.total += usage.total;
}

function group({ key, messages, withUsage, input, output, cacheRead, cacheWrite, reasoning, total }: Sum): TokenGroup {
  const base = { key, messages, withUsage };
  return withUsage === 0 ? { ...base, reported: false } : { ...base, reported: true, tokens: { input, output, cacheRead, cacheWrite, reasoning, total } };
}

const totalOf = (g: TokenGroup): number => (g.reported ? g.tokens.total : -1);

/** One walk of the messages and one of the links: linear in the history. */
export function tokenBreakdown(messages: readonly Message[], links: ToolLinks): TokenBreakdown {
  const run = emptySum('run');
  const models = new Map<string, Sum>();
  const roles = new Map<Role, Sum>();
  const tools = new Map<string, ToolSum>();
  const callNames = linkedCallNames(messages, links);
  const tool = (name: string): ToolSum => {
    let sum = tools.get(name);
    if (sum === undefined) tools.set(name, (sum = { ...emptySum(name), calls: 0, results: 0, resultChars: 0, lastTurn: -1 }));
    return sum;
  };

  for (const m of messages) {
    add(run, m.usage);
    let role = roles.get(m.role);
    if (role === undefined) roles.set(m.role, (role = emptySum(m.role)));
    add(role, m.usage);
    if (m.usage !== undefined || m.model !== undefined) {
      const key = m.model ?? 'unknown';
      let model = models.get(key);
      if (model === undefined) models.set(key, (model = emptySum(key)));
      add(model, m.usage);
    }
    for (const calls of [m.toolCalls, m.invalidToolCalls]) {
      for (const c of calls) {
        const sum = tool(c.name);
        sum.calls++;
        if (sum.lastTurn !== m.index) {
          sum.lastTurn = m.index;
          add(sum, m.usage);
        }
      }
    }
    if (m.role === 'tool') {
      // A result counts for the tool its call named; its own name only when no call is linked (as core/tokens does).
      const sum = tool(callNames[m.index] ?? m.name ?? 'unknown');
      sum.results++;
      sum.resultChars += m.text.length;
    }
  }

  const byModel = [...models.values()].map(group).sort((a, b) => totalOf(b) - totalOf(a) || b.messages - a.messages || a.key.localeCompare(b.key));
  const byRole = ROLES.flatMap((r) => {
    const sum = roles.get(r);
    return sum ? [group(sum)] : [];
  });
  const byTool = [...tools.values()]
    .map(({ calls, results, resultChars, ...sum }) => ({ ...group(sum), calls, results, resultChars }))
    .sort((a, b) => b.calls - a.calls || a.key.localeCompare(b.key));
  return { run: group(run), byModel, byRole, byTool };
}
