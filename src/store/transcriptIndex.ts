import type { Finding, Role, Severity } from '../core/model';
import { ROLE_ORDER, type TranscriptView } from '../protocol/workerApi';

/** Lookups the views need often, built once per history. */
export interface TranscriptIndex {
  findingsByMessage: Map<number, Finding[]>;
  severityCounts: Record<Severity, number>;
  roleCounts: Record<Role, number>;
}

export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];
export const ROLES = ROLE_ORDER;

function buildIndex(view: TranscriptView): TranscriptIndex {
  const findingsByMessage = new Map<number, Finding[]>();
  const severityCounts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const finding of view.findings) {
    severityCounts[finding.severity] += 1;
    const list = findingsByMessage.get(finding.messageIndex);
    if (list) list.push(finding);
    else findingsByMessage.set(finding.messageIndex, [finding]);
  }
  const codeCounts = new Array<number>(ROLE_ORDER.length).fill(0);
  for (const code of view.columns.role) codeCounts[code]! += 1;
  const roleCounts = Object.fromEntries(ROLE_ORDER.map((role, code) => [role, codeCounts[code] ?? 0])) as Record<Role, number>;
  return { findingsByMessage, severityCounts, roleCounts };
}

const cache = new WeakMap<TranscriptView, TranscriptIndex>();

export function indexOf(view: TranscriptView): TranscriptIndex {
  let index = cache.get(view);
  if (!index) {
    index = buildIndex(view);
    cache.set(view, index);
  }
  return index;
}
