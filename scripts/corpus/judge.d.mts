/** One hand-counted entry of fixtures/real/expected.json. */
export interface Expected {
  file: string;
  format: string;
  alsoFormats?: string[];
  kind: string;
  conversations: number;
  messages: number;
  toolCalls: number;
  toolResults: number;
  healthy: boolean;
  pendingCalls: number;
  textSnippets: string[];
  notes?: string;
}

interface Counted {
  messages: number;
  toolCalls: number;
  findings: { rule: string; severity: string }[];
}

/** The parts of `check --json`'s report a judgement reads. */
export interface JudgedReport extends Counted {
  format: string;
  kind: string;
  conversations?: Counted[];
}

export function judge(entry: Expected, report: JudgedReport, messages: readonly unknown[], readers: ReadonlySet<string>): string[];
export function tally(rows: readonly { file: string; problems: readonly string[] }[]): string;
