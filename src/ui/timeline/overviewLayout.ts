import type { Finding, Severity } from '../../core/model';
import type { MessageColumns } from '../../protocol/workerApi';

/** Pixels per finding marker slot: findings closer than this share one marker, the most severe. */
const MARKER_SLOT = 4;

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** The strip's pixel row `y` of `height` shows messages `[from, to)`; each pixel shows at least one. */
export function messagesAt(y: number, height: number, count: number): { from: number; to: number } {
  const from = Math.min(count - 1, Math.floor((y * count) / height));
  return { from, to: Math.max(from + 1, Math.floor(((y + 1) * count) / height)) };
}

export interface OverviewRow {
  /** The role code most messages of the pixel row have. */
  role: number;
  /** Tokens the row's messages used. */
  tokens: number;
}

/** One entry per pixel row of the strip: O(messages + height). */
export function overviewRows(columns: MessageColumns, height: number): OverviewRow[] {
  const count = columns.role.length;
  const rows: OverviewRow[] = [];
  if (count === 0) return rows;
  const roleCounts = new Uint32Array(8);
  for (let y = 0; y < height; y++) {
    const { from, to } = messagesAt(y, height, count);
    roleCounts.fill(0);
    let tokens = 0;
    for (let i = from; i < to; i++) {
      roleCounts[columns.role[i]!]! += 1;
      tokens += Math.max(0, columns.usageTotal[i]!);
    }
    let role = 0;
    for (let code = 1; code < roleCounts.length; code++) if (roleCounts[code]! > roleCounts[role]!) role = code;
    rows.push({ role, tokens });
  }
  return rows;
}

export interface OverviewMarker {
  y: number;
  finding: Finding;
  /** Findings in the slot besides the one shown. */
  others: number;
}

/** Findings placed on a strip `height` pixels tall, at most one per slot: the most severe, then the first. */
export function overviewMarkers(findings: readonly Finding[], count: number, height: number): OverviewMarker[] {
  const slots = new Map<number, OverviewMarker>();
  for (const finding of findings) {
    if (finding.messageIndex < 0 || count === 0) continue;
    const slot = Math.floor((((finding.messageIndex + 0.5) / count) * height) / MARKER_SLOT);
    const marker = slots.get(slot);
    if (!marker) slots.set(slot, { y: slot * MARKER_SLOT, finding, others: 0 });
    else {
      marker.others += 1;
      if (SEVERITY_RANK[finding.severity] < SEVERITY_RANK[marker.finding.severity]) marker.finding = finding;
    }
  }
  return [...slots.values()].sort((a, b) => a.y - b.y);
}
