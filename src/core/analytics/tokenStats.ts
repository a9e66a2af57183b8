// What the Tokens view shows of a run: its totals by model, role and tool, and how its context grew.
import type { Message, ToolLinks } from '../model';
import { contextGrowth, type ContextGrowth } from './contextGrowth';
import { tokenBreakdown, type TokenBreakdown } from './tokenBreakdown';

export interface TokenStats extends TokenBreakdown {
  growth: ContextGrowth;
}

export function tokenStats(messages: readonly Message[], links: ToolLinks): TokenStats {
  return { ...tokenBreakdown(messages, links), growth: contextGrowth(messages) };
}
