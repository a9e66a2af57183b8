// What a finding quotes is repeated by every finding of its rule: one AI message with 10,000 calls and no results
// has 10,000 orphan-tool-call findings, each quoting five targets' error texts in its `why`, and each target's
// verdict quoted them again, with the fix: 1.06 MB in, a 44 MB report, and 50 MB of findings and verdicts cloned to
// the page. So each rule's texts are quoted in full a bounded number of times a file; past that, a finding names the
// targets that reject it and the verdicts fold the rest of the rule into one problem that counts them (docs/SECURITY.md,
// "Size and amplification"). Every finding stays, with its own text, fix and ids.
import type { Finding, Rejection, RuleId, VerdictProblem } from './model';

/** Findings of one rule, and a verdict's problems of one rule, quoted in full: a page of them, and a bounded amount of text. */
export const QUOTED_PER_RULE = 20;

/**
 * A finding's `messageId` is cut to this many characters: it is repeated by every finding about the message (one
 * a call, for the calls of one message), and a message id is no longer than a few dozen in any real history.
 */
export const MESSAGE_ID_CHARS = 256;

/** How many findings of each rule a file has quoted in full so far: a file of several conversations shares one. */
export type QuoteBudget = Map<RuleId, number>;

export const quoteBudget = (): QuoteBudget => new Map();

/**
 * Past the first QUOTED_PER_RULE findings of a rule in the file (`budget`), in place: `why` keeps its first line (the
 * rule's explanation) and names the targets that reject the history for it instead of quoting each error, and `rejectedBy` and
 * `neededBy` are dropped; call it once the verdicts, which quote those errors, are made. Every finding's message id
 * is cut to MESSAGE_ID_CHARS.
 */
export function quoteOnce(findings: readonly Finding[], budget: QuoteBudget = quoteBudget()): void {
  for (const f of findings) {
    if (f.messageId !== undefined && f.messageId.length > MESSAGE_ID_CHARS) f.messageId = `${f.messageId.slice(0, MESSAGE_ID_CHARS - 1)}…`;
    const quoted = budget.get(f.rule) ?? 0;
    if (quoted < QUOTED_PER_RULE) {
      budget.set(f.rule, quoted + 1);
      continue;
    }
    const short = shortWhy(f);
    if (short.length < f.why.length) f.why = short;
    delete f.rejectedBy;
    delete f.neededBy;
  }
}

/**
 * `why` without the quotes: its first line (report() puts the rule's one-line explanation there), then who refuses,
 * by the `target` the verdicts carry. The notes after the quotes (who else rejects it, what LangChain writes) are
 * left to the first findings of the rule.
 */
function shortWhy(f: Finding): string {
  const newline = f.why.indexOf('\n');
  if (newline < 0) return f.why;
  const lines = [f.why.slice(0, newline)];
  if (f.rejectedBy && f.rejectedBy.length > 0) lines.push(`Rejected by ${targetsOf(f.rejectedBy)}: the verdicts quote the errors.`);
  if (f.neededBy && f.neededBy.length > 0)
    lines.push(`Needed by ${targetsOf(f.neededBy)} before the next request: the verdicts' pending lists quote the errors.`);
  return lines.join('\n');
}

const targetsOf = (rejections: readonly Rejection[]): string => [...new Set(rejections.map((r) => r.target))].join(', ');

/**
 * One verdict's problems (or its pending list) in order, the first QUOTED_PER_RULE of each rule as they are and the
 * rest of the rule folded into one problem: the first of them, with `count`, and the first QUOTED_PER_RULE messages
 * and ids of them all (each finding has its own). Problems already folded (a conversation's, gathered into a file's
 * verdict) fold on. So a verdict holds at most QUOTED_PER_RULE + 1 problems of a rule, however long the history.
 */
export class ProblemList {
  readonly problems: VerdictProblem[] = [];
  private readonly listed = new Map<RuleId, number>();
  private readonly folds = new Map<RuleId, VerdictProblem & { count: number }>();

  add(problem: VerdictProblem): void {
    const listed = this.listed.get(problem.rule) ?? 0;
    const fold = this.folds.get(problem.rule);
    if (fold === undefined && listed < QUOTED_PER_RULE && problem.count === undefined) {
      this.listed.set(problem.rule, listed + 1);
      this.problems.push(problem);
      return;
    }
    if (fold === undefined) {
      const first = { ...problem, messageIndices: [], ids: [], count: 0 };
      this.folds.set(problem.rule, first);
      this.problems.push(first);
      foldInto(first, problem);
      return;
    }
    foldInto(fold, problem);
  }
}

function foldInto(fold: VerdictProblem & { count: number }, problem: VerdictProblem): void {
  fold.count += problem.count ?? 1;
  addFirst(fold.messageIndices, problem.messageIndices);
  addFirst(fold.ids, problem.ids);
}

/** Adds to `list` those of `more` it lacks, until it has QUOTED_PER_RULE. */
function addFirst<T>(list: T[], more: readonly T[]): void {
  for (const item of more) {
    if (list.length >= QUOTED_PER_RULE) return;
    if (!list.includes(item)) list.push(item);
  }
}

/** How many findings a list of problems stands for (a folded problem counts its own). */
export const problemCount = (problems: readonly VerdictProblem[]): number => problems.reduce((sum, p) => sum + (p.count ?? 1), 0);
