import { useContext, useMemo, useState } from 'react';
import { CappedText } from '../components/CappedText';
import { formatChars } from '../text/format';
import { previewText } from '../text/preview';
import { useContentMode } from './contentMode';
import { JsonTree } from './JsonTree';
import { parseJsonText } from './jsonText';
import { useMarkdown } from './markdownChunk';
import { Highlighted, SearchHighlight } from '../search/Highlighted';

/**
 * Characters of Markdown each *Show more* adds: a quarter of CappedText's step, since dense Markdown (headings, tables,
 * code blocks) makes far more DOM than plain text: 220,000 characters of it took 2.3 s to draw, 70,000 about 0.7 s
 * (docs/BENCHMARKS.md, "Rich content").
 */
const STEP = 50_000;

interface Props {
  text: string;
  /** Characters shown until the user asks for more. */
  cap?: number;
  /** Render text that is not JSON as Markdown (message text); off, it shows as written (tool arguments). */
  markdown?: boolean;
  /** The class of the text as written (Raw, or not JSON where Markdown is off). */
  className?: string;
  testId?: string;
}

function CappedMarkdown({ text, cap, testId }: { text: string; cap: number; testId?: string }) {
  const [limit, setLimit] = useState(cap);
  const markdown = useMarkdown();
  const pattern = useContext(SearchHighlight);
  const preview = previewText(text, limit);
  const next = Math.min(preview.omitted, STEP);
  return (
    <div className="rich-text" data-testid={testId} data-render="markdown">
      {typeof markdown === 'object' && 'renderer' in markdown ? (
        <markdown.renderer text={preview.text} pattern={pattern} />
      ) : (
        // While the renderer loads, or if it cannot: the text as written, the same words in the same place.
        <>
          <pre className="pre wrap">
            <Highlighted text={preview.text} />
          </pre>
          {typeof markdown === 'object' && (
            <p className="muted" role="status" data-testid="markdown-failed">
              Shown as written: the Markdown renderer did not load ({markdown.failed}).
            </p>
          )}
        </>
      )}
      {preview.omitted > 0 && (
        <button type="button" className="link-button" data-testid="show-more" onClick={() => setLimit(limit + STEP)}>
          {next === preview.omitted
            ? `Show all (${formatChars(preview.omitted)} more)`
            : `Show ${formatChars(next)} more (${formatChars(preview.omitted)} left)`}
        </button>
      )}
    </div>
  );
}

/**
 * Message content as the detail pane shows it: in Rendered mode a JSON object or array as a tree and other text as
 * Markdown (when `markdown`); in Raw mode, and for what cannot be rendered, the text as written.
 */
export function RichText({ text, cap = 20_000, markdown = true, className = 'pre wrap', testId }: Props) {
  const mode = useContentMode();
  const json = useMemo(() => (mode === 'rendered' ? parseJsonText(text) : undefined), [mode, text]);
  if (mode === 'rendered' && json)
    return (
      <div className="rich-text" data-testid={testId} data-render="json">
        <JsonTree value={json.value} text={text} lossyNumbers={json.lossyNumbers} />
      </div>
    );
  if (mode === 'rendered' && markdown) return <CappedMarkdown text={text} cap={cap} testId={testId} />;
  return <CappedText text={text} cap={cap} className={className} testId={testId} />;
}
