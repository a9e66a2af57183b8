import type { Finding } from '../../core/model';
import { SEVERITIES } from '../../store/transcriptIndex';

/** The findings as the list shows them: errors, then warnings, then notes, each in the history's order. */
export function inListOrder(findings: readonly Finding[]): Finding[] {
  return SEVERITIES.flatMap((severity) => findings.filter((finding) => finding.severity === severity));
}

/**
 * The finding `direction` steps to from `current` (the finding stepped to last, if it is still the view's and its
 * message still the one selected), going round at either end. Without one, from the first finding of the selected
 * message; without that, the first finding (n) or the last (N).
 */
export function steppedFinding(order: readonly Finding[], current: Finding | null, selected: number | undefined, direction: 1 | -1): Finding | undefined {
  if (order.length === 0) return undefined;
  let at = current !== null && (current.messageIndex < 0 || current.messageIndex === selected) ? order.indexOf(current) : -1;
  if (at < 0 && selected !== undefined) at = order.findIndex((finding) => finding.messageIndex === selected);
  if (at < 0) return order[direction === 1 ? 0 : order.length - 1];
  return order[(at + direction + order.length) % order.length];
}
