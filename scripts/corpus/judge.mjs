// What a correct reading of a real file must show, as fixtures/real/SOURCES.md defines it: the expected
// reader, the hand-counted messages, tool calls and results, every text snippet, the kind, and on a
// healthy file no error finding and one pending-tool-call per call still waiting for its result. Shared
// by the corpus test (in-process) and scripts/corpus/evaluate.mjs (through the built CLI).

/**
 * Every string a reader put into its messages, leaving out the verbatim input (`raw`) that would contain any
 * snippet, and each message's `location` (only the message's: a call's arguments may have a `location` field).
 */
function shownStrings(value, into = [], message = false) {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const v of value) shownStrings(v, into);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) if (key !== 'raw' && !(message && key === 'location')) shownStrings(v, into);
  }
  return into;
}

/**
 * What is wrong with one reading; empty when it is right. `report` is `check --json`'s object, `messages` the
 * first conversation's messages, `readers` the format names msgscope has.
 */
export function judge(entry, report, messages, readers) {
  const problems = [];
  const formats = [entry.format, ...(entry.alsoFormats ?? [])];
  if (!readers.has(entry.format)) problems.push(`no ${entry.format} reader (detected as ${report.format})`);
  else if (!formats.includes(report.format)) problems.push(`format ${report.format}, expected ${formats.join(' or ')}`);
  if (report.kind !== entry.kind) problems.push(`kind ${report.kind}, expected ${entry.kind}`);
  const conversations = report.conversations ?? [report];
  if (conversations.length !== entry.conversations) problems.push(`conversations ${conversations.length}, expected ${entry.conversations}`);
  const first = conversations[0];
  if (first.messages !== entry.messages) problems.push(`messages ${first.messages}, expected ${entry.messages}`);
  if (first.toolCalls !== entry.toolCalls) problems.push(`tool calls ${first.toolCalls}, expected ${entry.toolCalls}`);
  const results = messages.filter((m) => m.role === 'tool').length;
  if (results !== entry.toolResults) problems.push(`tool results ${results}, expected ${entry.toolResults}`);
  const shown = messages.flatMap((m) => shownStrings(m, [], true));
  const missing = entry.textSnippets.filter((snippet) => !shown.some((s) => s.includes(snippet)));
  if (missing.length > 0) problems.push(`text not shown: ${missing.map((s) => JSON.stringify(s.slice(0, 40))).join(', ')}`);
  if (entry.healthy) {
    const errors = report.findings.filter((f) => f.severity === 'error').map((f) => f.rule);
    if (errors.length > 0) problems.push(`errors on a healthy file: ${[...new Set(errors)].join(', ')}`);
    const pending = first.findings.filter((f) => f.rule === 'pending-tool-call').length;
    if (pending !== entry.pendingCalls) problems.push(`${pending} pending calls flagged, ${entry.pendingCalls} pending`);
  }
  return problems;
}

/** The files per source and how many were read right, as a Markdown table. */
export function tally(rows) {
  const bySource = new Map();
  for (const { file, problems } of rows) {
    const source = file.split('/')[0];
    const count = bySource.get(source) ?? { files: 0, right: 0 };
    count.files++;
    if (problems.length === 0) count.right++;
    bySource.set(source, count);
  }
  const all = [...bySource.values()].reduce((sum, c) => ({ files: sum.files + c.files, right: sum.right + c.right }), { files: 0, right: 0 });
  const width = Math.max(...[...bySource.keys()].map((s) => s.length), 'source'.length);
  const row = (name, c) => `| ${name.padEnd(width)} | ${String(c.files).padStart(5)} | ${String(c.right).padStart(10)} |`;
  return [
    `| ${'source'.padEnd(width)} | files | read right |`,
    `|${'-'.repeat(width + 2)}|------:|-----------:|`,
    ...[...bySource].map(([s, c]) => row(s, c)),
    row('all', all),
  ].join('\n');
}
