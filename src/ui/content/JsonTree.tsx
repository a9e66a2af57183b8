import { useMemo, useState } from 'react';
import { formatChars, formatCount, plural } from '../text/format';
import { previewText } from '../text/preview';
import { Highlighted } from '../search/Highlighted';
import { CopyButton } from './CopyButton';
import { childPath, jsonOf } from './jsonText';

/** Children of a node drawn until the user asks for more, and how many each *Show more* adds. */
export const CHILDREN_SHOWN = 100;
const CHILDREN_STEP = 1000;
/** Characters of a string value drawn until *Show all*, and how many each click adds after that. */
export const STRING_SHOWN = 300;
const STRING_STEP = 200_000;
/** Nodes open by default: the root, and below it small ones near the top. */
const OPEN_DEPTH = 3;
const OPEN_SIZE = 10;

type Container = readonly unknown[] | Record<string, unknown>;

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

function entriesOf(value: Container): [string | number, unknown][] {
  return Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
}

function StringValue({ text }: { text: string }) {
  const [limit, setLimit] = useState(STRING_SHOWN);
  const shown = previewText(text, limit);
  const next = Math.min(shown.omitted, STRING_STEP);
  return (
    <>
      <span className="json-string">
        &quot;
        <Highlighted text={shown.text} />
        {shown.omitted > 0 ? '…' : '"'}
      </span>
      {shown.omitted > 0 && (
        <button type="button" className="link-button json-more" data-testid="json-more" onClick={() => setLimit(limit + STRING_STEP)}>
          {next === shown.omitted ? `Show all (${formatChars(shown.omitted)} more)` : `Show ${formatChars(next)} more (${formatChars(shown.omitted)} left)`}
        </button>
      )}
    </>
  );
}

function Leaf({ value }: { value: unknown }) {
  if (typeof value === 'string') return <StringValue text={value} />;
  if (value === null) return <span className="json-null">null</span>;
  if (typeof value === 'number') return <span className="json-number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="json-boolean">{String(value)}</span>;
  // JSON has no other kind of value; said rather than stringified, should one come.
  return <span className="json-other">({typeof value})</span>;
}

function Key({ name }: { name: string | number | undefined }) {
  if (name === undefined) return null;
  return <span className={typeof name === 'number' ? 'json-index' : 'json-key'}>{typeof name === 'number' ? name : JSON.stringify(name)}: </span>;
}

interface NodeProps {
  name?: string | number;
  value: unknown;
  depth: number;
  path: string;
  /** How many siblings the node has (with itself): small families open by default. */
  siblings: number;
}

function JsonNode({ name, value, depth, path, siblings }: NodeProps) {
  if (!isContainer(value))
    return (
      <div className="json-row json-leaf" data-testid="json-node" data-path={path}>
        <Key name={name} />
        <Leaf value={value} />
      </div>
    );
  return <ContainerNode name={name} value={value} depth={depth} path={path} siblings={siblings} />;
}

function ContainerNode({ name, value, depth, path, siblings }: NodeProps & { value: Container }) {
  const entries = useMemo(() => entriesOf(value), [value]);
  const array = Array.isArray(value);
  const [open, setOpen] = useState(depth === 0 || (depth < OPEN_DEPTH && entries.length <= OPEN_SIZE && siblings <= OPEN_SIZE));
  const [limit, setLimit] = useState(CHILDREN_SHOWN);
  const size = array ? plural(entries.length, 'item') : plural(entries.length, 'key');
  const omitted = Math.max(0, entries.length - limit);
  const next = Math.min(omitted, CHILDREN_STEP);
  return (
    <div className="json-node" data-testid="json-node" data-path={path} data-open={open}>
      <div className="json-row">
        <button
          type="button"
          className="json-toggle"
          data-testid="json-toggle"
          aria-expanded={open}
          aria-label={`${open ? 'Collapse' : 'Expand'} ${path}`}
          onClick={() => setOpen(!open)}
          disabled={entries.length === 0}
        >
          {open ? '▾' : '▸'}
        </button>
        <Key name={name} />
        <span className="json-brace">{array ? '[' : '{'}</span>
        {!open && (
          <span className="json-summary muted">
            {entries.length > 0 && '…'}
            {array ? ']' : '}'} {size}
          </span>
        )}
        {open && entries.length === 0 && <span className="json-brace">{array ? ']' : '}'}</span>}
        <CopyButton text={() => jsonOf(value)} testId="json-copy" />
      </div>
      {open && entries.length > 0 && (
        <div className="json-children" role="group">
          {entries.slice(0, limit).map(([key, child]) => (
            <JsonNode key={key} name={key} value={child} depth={depth + 1} path={childPath(path, key)} siblings={entries.length} />
          ))}
          {omitted > 0 && (
            <button type="button" className="link-button json-more" data-testid="json-more" onClick={() => setLimit(limit + CHILDREN_STEP)}>
              {next === omitted
                ? `Show all (${formatCount(omitted)} more ${array ? 'items' : 'keys'})`
                : `Show ${formatCount(next)} more (${formatCount(omitted)} left)`}
            </button>
          )}
          <span className="json-brace">{array ? ']' : '}'}</span>
        </div>
      )}
    </div>
  );
}

interface Props {
  value: object;
  /** The text the value was read from: the root's *Copy* copies it as written. */
  text: string;
  /** The text holds integers a double cannot hold exactly (jsonText.ts). */
  lossyNumbers?: boolean;
}

/** A JSON value as a tree: objects and arrays fold, long strings and long lists are cut with *Show all*, every node copies. */
export function JsonTree({ value, text, lossyNumbers = false }: Props) {
  return (
    <div className="json-tree" data-testid="json-tree">
      <div className="json-tree-head">
        <CopyButton text={() => text} label="Copy JSON" testId="json-copy-all" />
        {lossyNumbers && (
          <span className="muted" data-testid="json-lossy">
            Holds integers longer than JavaScript keeps exactly: the tree may round them; Raw shows them as written.
          </span>
        )}
      </div>
      <JsonNode value={value} depth={0} path="$" siblings={1} />
    </div>
  );
}
