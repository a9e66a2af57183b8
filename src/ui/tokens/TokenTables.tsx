import type { TokenCounts, TokenGroup, ToolTokenGroup } from '../../core/analytics/tokenBreakdown';
import type { TokenStats } from '../../core/analytics/tokenStats';
import { formatCount } from '../text/format';
import { compactTokens } from './tokenFormat';

const COUNTS: readonly { key: keyof TokenCounts; label: string }[] = [
  { key: 'input', label: 'Input' },
  { key: 'cacheRead', label: 'Cache read' },
  { key: 'cacheWrite', label: 'Cache write' },
  { key: 'output', label: 'Output' },
  { key: 'reasoning', label: 'Reasoning' },
  { key: 'total', label: 'Total' },
];

/** The token cells of a row, or one cell saying that none of its messages reports usage. */
function Counts({ group }: { group: TokenGroup }) {
  if (!group.reported) {
    return (
      <td className="tokens-not-reported" colSpan={COUNTS.length}>
        not reported
      </td>
    );
  }
  return (
    <>
      {COUNTS.map(({ key }) => (
        <td key={key} className={key === 'total' ? 'num tokens-total-cell' : 'num'}>
          {formatCount(group.tokens[key])}
        </td>
      ))}
    </>
  );
}

const usageTitle = (g: TokenGroup): string => `${formatCount(g.withUsage)} of ${formatCount(g.messages)} report usage`;

function GroupTable({ title, kind, keyLabel, groups }: { title: string; kind: 'model' | 'role'; keyLabel: string; groups: TokenGroup[] }) {
  return (
    <section className="tokens-table-section">
      <h3>{title}</h3>
      {groups.length === 0 ? (
        <p className="muted">No message names a model or reports usage.</p>
      ) : (
        <div className="tokens-table-scroll">
          <table className="tokens-table" data-testid="token-table" data-group={kind}>
            <thead>
              <tr>
                <th scope="col">{keyLabel}</th>
                <th scope="col" className="num">
                  Messages
                </th>
                {COUNTS.map(({ key, label }) => (
                  <th key={key} scope="col" className="num">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => (
                <tr key={g.key} data-testid="token-row" data-key={g.key} data-reported={g.reported} data-total={g.reported ? g.tokens.total : undefined}>
                  <th scope="row" className={kind === 'model' ? 'mono' : undefined}>
                    {g.key}
                  </th>
                  <td className="num" title={usageTitle(g)}>
                    {formatCount(g.messages)}
                  </td>
                  <Counts group={g} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ToolTable({ groups }: { groups: ToolTokenGroup[] }) {
  return (
    <section className="tokens-table-section">
      <h3>By tool</h3>
      <p className="muted tokens-note">
        A tool&apos;s tokens are those of the AI turns that called it, each turn once: a turn that calls two tools counts in both rows.
      </p>
      {groups.length === 0 ? (
        <p className="muted">No tool calls.</p>
      ) : (
        <div className="tokens-table-scroll">
          <table className="tokens-table" data-testid="token-table" data-group="tool">
            <thead>
              <tr>
                <th scope="col">Tool</th>
                <th scope="col" className="num">
                  Calls
                </th>
                <th scope="col" className="num">
                  Turns
                </th>
                {COUNTS.map(({ key, label }) => (
                  <th key={key} scope="col" className="num">
                    {label}
                  </th>
                ))}
                <th scope="col" className="num" title="Results, and their text in characters">
                  Results (chars)
                </th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => (
                <tr
                  key={g.key}
                  data-testid="token-row"
                  data-key={g.key}
                  data-reported={g.reported}
                  data-total={g.reported ? g.tokens.total : undefined}
                  data-result-chars={g.resultChars}
                >
                  <th scope="row" className="mono">
                    {g.key}
                  </th>
                  <td className="num">{formatCount(g.calls)}</td>
                  <td className="num" title={usageTitle(g)}>
                    {formatCount(g.messages)}
                  </td>
                  <Counts group={g} />
                  <td className="num" title={`${formatCount(g.results)} results, ${formatCount(g.resultChars)} characters`}>
                    {formatCount(g.results)}
                    {g.results > 0 && <span className="muted"> ({compactTokens(g.resultChars)})</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The run's totals by model, by role and by tool. */
export function TokenTables({ stats }: { stats: TokenStats }) {
  return (
    <div className="tokens-tables">
      <GroupTable title="By model" kind="model" keyLabel="Model" groups={stats.byModel} />
      <GroupTable title="By role" kind="role" keyLabel="Role" groups={stats.byRole} />
      <ToolTable groups={stats.byTool} />
    </div>
  );
}
