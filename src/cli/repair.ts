// `msgscope repair FILE|- [--for TARGET] [-o OUT]`: the history with its mechanical faults fixed (src/core/repair),
// written in the format it came in; every edit listed before it, and whatever was left, with why.
import { importArchive } from '../core/import';
import type { ProviderTarget } from '../core/model';
import { TARGET_LABELS, TARGETS } from '../core/providers/targets';
import { repairImported, repairText, type Repaired, type RepairOutcome } from '../core/repair';
import { describeImportError, type CliInput } from './check';
import { table } from './formats';

export interface RepairOptions {
  target?: ProviderTarget;
  format?: string;
  /** How to name the input in messages: the file path or `stdin`. */
  source: string;
}

export function isTarget(name: string): name is ProviderTarget {
  return (TARGETS as readonly string[]).includes(name);
}

export function unknownRepairTarget(name: string): string {
  const rows = TARGETS.map((target) => ({ name: target, label: TARGET_LABELS[target] }));
  return `msgscope: unknown target "${name}" for --for. Valid targets:\n${table(rows, '  ')}`;
}

/** The repair of the input as read: text is repaired in place, an archive's history by converting it. */
export function repairInput(input: CliInput, options: RepairOptions): RepairOutcome {
  const choice = { ...(options.target !== undefined && { target: options.target }), ...(options.format !== undefined && { format: options.format }) };
  if (!input.files) return repairText(input.text(), choice);
  const imported = importArchive(input.files, choice);
  return imported.ok ? repairImported(imported, choice) : imported;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

const forWhom = (target: ProviderTarget | undefined): string => (target === undefined ? 'every target' : TARGET_LABELS[target]);

const named = (conversation: string | undefined, message: number): string => `${conversation === undefined ? '' : `${conversation} `}#${message}`;

/** The edits, as a list a reader checks before trusting the output. */
export function editsReport(repaired: Repaired, source: string): string {
  const lines: string[] = [];
  const written = repaired.converted
    ? `${repaired.converted.fromLabel} (${repaired.converted.from}), written as ${repaired.formatLabel} (${repaired.format})`
    : `${repaired.formatLabel} (${repaired.format})`;
  lines.push(`msgscope repair: ${source}: ${written}, for ${forWhom(repaired.target)}`);
  if (repaired.converted) {
    lines.push(`  converted: ${repaired.converted.reason}`);
    for (const lost of repaired.converted.lost) lines.push(`  lost in conversion: ${lost}`);
  }
  if (repaired.edits.length === 0) lines.push('No edits: nothing here has a mechanical repair.');
  else {
    lines.push(`${plural(repaired.edits.length, 'edit')}:`);
    for (const edit of repaired.edits)
      lines.push(`  ${named(edit.conversation, edit.message)}  ${edit.action}  [${edit.rule}] ${edit.text}`, `      why: ${edit.why}`);
  }
  for (const note of repaired.notes) lines.push(`Note: ${note}`);
  return `${lines.join('\n')}\n`;
}

/** What the output's verdicts say, and what was not repaired: always on stderr. */
export function verdictReport(repaired: Repaired): string {
  const lines: string[] = [];
  if (repaired.unrepaired.length > 0) {
    lines.push(`Not repaired (${repaired.unrepaired.length}):`);
    for (const left of repaired.unrepaired)
      lines.push(`  ${named(left.conversation, left.message)}  [${left.rule}] ${left.text}`, `      not repaired: ${left.reason}`);
  }
  const rejecting = repaired.verdicts.flatMap(({ conversation, verdicts }) =>
    verdicts
      .filter((v) => (repaired.target === undefined || v.target === repaired.target) && (!v.accepted || v.unjudged !== undefined))
      .map((v) => `${conversation === undefined ? '' : `${conversation}: `}${v.label}`),
  );
  if (repaired.accepted) lines.push(`The repaired history is accepted by ${forWhom(repaired.target)} (its verdicts, read back from the output).`);
  else if (repaired.readBack === null) lines.push('The repaired history does not read back: it is not accepted.');
  else lines.push(`The repaired history is still rejected by: ${[...new Set(rejecting)].join(', ')}.`);
  return `${lines.join('\n')}\n`;
}

export type RepairCliOutcome = { code: 0 | 1; output: string; report: string; verdict: string } | { code: 2; stderr: string };

/** Exit 0: the output is accepted by the target (every target without one); 1: some findings were not repaired. */
export function repair(input: CliInput, options: RepairOptions): RepairCliOutcome {
  const outcome = repairInput(input, options);
  if (!outcome.ok) return { code: 2, stderr: describeImportError(options.source, outcome.error) };
  return { code: outcome.accepted ? 0 : 1, output: outcome.text, report: editsReport(outcome, options.source), verdict: verdictReport(outcome) };
}
