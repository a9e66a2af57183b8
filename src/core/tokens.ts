import { callAt } from './checks/rule';
import { isErrorResult } from './checks/toolError';
import type { ToolLinks } from './model';
import type { Message, TokenTotals, Tokens, ToolStats, UsagePass } from './model';

type ModelStats = Tokens['perModel'][number];

/**
 * Token totals, the running total after each message, and per-tool and per-model counts.
 * The running total adds each message's `usage.total` (reported, or input + output), so its last
 * value equals `totals.total`.
 */
export function computeTokens(messages: readonly Message[], links: ToolLinks): Tokens {
  const totals: TokenTotals = {
    input: 0,
    output: 0,
    total: 0,
    cacheRead: 0,
    cacheCreation: 0,
    reasoning: 0,
    messagesWithUsage: 0,
  };
  // Sized once: pushing a million totals would copy the array each time it outgrew its store.
  const cumulative = new Array<number>(messages.length);
  const callNames = linkedCallNames(messages, links);
  const tools = new Map<string, ToolStats>();
  const models = new Map<string, ModelStats>();
  // Billed passes beyond the message's own (compaction…), by type: few histories have any.
  const passes = new Map<string, UsagePass>();
  const toolStats = (name: string): ToolStats => {
    let s = tools.get(name);
    if (s === undefined) tools.set(name, (s = { name, calls: 0, results: 0, errors: 0 }));
    return s;
  };

  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    if (m === undefined) continue;
    const u = m.usage;
    if (u !== undefined) {
      totals.input += u.input;
      totals.output += u.output;
      totals.total += u.total;
      totals.cacheRead += u.cacheRead ?? 0;
      totals.cacheCreation += u.cacheCreation ?? 0;
      totals.reasoning += u.reasoning ?? 0;
      totals.messagesWithUsage++;
      if (u.iterations !== undefined) addPasses(passes, u.iterations);
    }
    cumulative[i] = totals.total;

    if (u !== undefined || m.model !== undefined) {
      const model = m.model ?? 'unknown';
      let s = models.get(model);
      if (s === undefined) models.set(model, (s = { model, input: 0, output: 0, total: 0, messages: 0 }));
      s.input += u?.input ?? 0;
      s.output += u?.output ?? 0;
      s.total += u?.total ?? 0;
      s.messages++;
    }

    for (const c of m.toolCalls) toolStats(c.name).calls++;
    for (const c of m.invalidToolCalls) toolStats(c.name).calls++;
    if (m.role === 'tool') {
      // A result counts for the tool its call named; the result's own name only when no call is linked.
      const s = toolStats(callNames[m.index] ?? m.name ?? 'unknown');
      s.results++;
      if (isErrorResult(m)) s.errors++;
    }
  }

  if (passes.size > 0) totals.passes = [...passes.values()];
  const perTool = [...tools.values()].sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name));
  return { totals, cumulative, perTool, perModel: [...models.values()] };
}

/**
 * By message index, the name of the call each result answers (the first call of its id). Walks the
 * links rather than looking each result's id up: no hashing per message.
 */
export function linkedCallNames(messages: readonly Message[], links: ToolLinks): (string | undefined)[] {
  const names = new Array<string | undefined>(messages.length);
  for (const link of links.values()) {
    const ref = link.calls[0];
    const name = ref && callAt(messages, ref)?.name;
    if (name !== undefined) for (const result of link.results) names[result] = name;
  }
  return names;
}

/** Adds a message's passes other than its own `message` pass to the totals by type. */
function addPasses(into: Map<string, UsagePass>, passes: readonly UsagePass[]): void {
  for (const { type, input, output } of passes) {
    if (type === 'message') continue;
    const sum = into.get(type);
    if (sum === undefined) into.set(type, { type, input, output });
    else {
      sum.input += input;
      sum.output += output;
    }
  }
}
