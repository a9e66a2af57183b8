import type { Severity } from '../../core/model';
import { useStore } from '../../store/store';
import { SEVERITIES } from '../../store/transcriptIndex';
import { MenuButton, useHeaderMenu } from '../components/HeaderMenu';
import { formatCount } from '../text/format';
import { useFacetCounts } from './useFacetCounts';

const SEVERITY_LABELS: Record<Severity, string> = { error: 'Errors', warning: 'Warnings', info: 'Info' };

interface ChipProps {
  facet: string;
  value?: string;
  on: boolean;
  count: number | undefined;
  title: string;
  className?: string;
  onClick: () => void;
  children: string;
}

function Chip({ facet, value, on, count, title, className = '', onClick, children }: ChipProps) {
  return (
    <button
      type="button"
      className={`facet-chip ${className}${on ? ' on' : ''}`}
      aria-pressed={on}
      data-testid="facet"
      data-facet={facet}
      data-value={value}
      data-count={count}
      title={title}
      onClick={onClick}
    >
      {children}
      {count !== undefined && <span className="muted"> {formatCount(count)}</span>}
    </button>
  );
}

/** Tools ▾: a checkbox a tool, most used first; the tools chosen keep the messages that call them or answer such a call. */
function ToolsMenu({ tools, chosen, onChange }: { tools: { name: string; messages: number }[]; chosen: string[]; onChange: (tools: string[]) => void }) {
  const { rootRef, ...menu } = useHeaderMenu();
  // A tool chosen that this history lacks (a link, the history before) stays listed, to be unchosen.
  const listed = [...tools, ...chosen.filter((name) => !tools.some((tool) => tool.name === name)).map((name) => ({ name, messages: 0 }))];
  if (listed.length === 0) return null;
  const label = chosen.length === 0 ? 'Tools' : chosen.length === 1 ? `Tool: ${chosen[0]}` : `Tools: ${chosen.length}`;
  return (
    <div className="export facet-tools" ref={rootRef}>
      <MenuButton
        {...menu}
        className={`facet-chip${chosen.length > 0 ? ' on' : ''}`}
        data-testid="facet-tools"
        title="Only messages that call these tools or answer such a call"
      >
        {label}
      </MenuButton>
      {menu.open && (
        <div className="export-menu facet-tools-menu" role="menu" aria-label="Tools">
          {listed.map(({ name, messages }) => (
            <label key={name} className="facet-tool-choice">
              <input
                type="checkbox"
                role="menuitemcheckbox"
                aria-checked={chosen.includes(name)}
                data-testid="facet-tool"
                data-value={name}
                checked={chosen.includes(name)}
                onChange={(event) => onChange(event.target.checked ? [...chosen, name] : chosen.filter((other) => other !== name))}
              />
              <span className="facet-tool-name">{name}</span>
              <span className="muted">{formatCount(messages)}</span>
            </label>
          ))}
          {chosen.length > 0 && (
            <button type="button" className="link-button facet-tools-clear" data-testid="facet-tools-clear" onClick={() => onChange([])}>
              Any tool
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The filter chips beside the search: tool errors, messages with findings, a severity, tools. Each narrows what the
 * timeline (and the table) shows, together with the text and the roles; the counts say what a chip keeps alone.
 */
export function FacetChips() {
  const session = useStore((s) => s.session);
  const facets = useStore((s) => s.facets);
  const setFacets = useStore((s) => s.setFacets);
  const counts = useFacetCounts(session);
  const severities = SEVERITIES.filter((severity) => (counts?.severities[severity] ?? 0) > 0 || facets.severities.includes(severity));
  return (
    <div className="facet-chips" role="group" aria-label="Filter by">
      {(counts === null || counts.toolErrors > 0 || facets.toolErrors) && (
        <Chip
          facet="tool-errors"
          on={facets.toolErrors}
          count={counts?.toolErrors}
          className="sev-error"
          title="Only tool errors: results that report an error, the calls that got them, invalid calls"
          onClick={() => setFacets({ toolErrors: !facets.toolErrors })}
        >
          Tool errors
        </Chip>
      )}
      {(counts === null || counts.findings > 0 || facets.findings) && (
        <Chip
          facet="findings"
          on={facets.findings}
          count={counts?.findings}
          title="Only messages with at least one finding"
          onClick={() => setFacets({ findings: !facets.findings })}
        >
          Has findings
        </Chip>
      )}
      {severities.map((severity) => {
        const on = facets.severities.includes(severity);
        return (
          <Chip
            key={severity}
            facet="severity"
            value={severity}
            on={on}
            count={counts?.severities[severity]}
            className={`sev-${severity}`}
            title={`Only messages with a finding of severity ${severity}`}
            onClick={() => setFacets({ severities: on ? facets.severities.filter((s) => s !== severity) : [...facets.severities, severity] })}
          >
            {SEVERITY_LABELS[severity]}
          </Chip>
        );
      })}
      <ToolsMenu tools={counts?.tools ?? []} chosen={facets.tools} onChange={(tools) => setFacets({ tools })} />
    </div>
  );
}
