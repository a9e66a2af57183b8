import type { ReactNode } from 'react';
import { useStore } from '../../store/store';
import { indexOf } from '../../store/transcriptIndex';
import type { MessageDetail as Detail, TranscriptView } from '../../protocol/workerApi';
import { ROLE_LABELS } from '../roles';
import { formatCount } from '../text/format';
import { CappedText } from '../components/CappedText';
import { CopyMessageLink } from '../share/CopyMessageLink';
import { CopyMessageMarkdown } from '../export/CopyMessageMarkdown';
import { RawToggle } from '../content/RawToggle';
import { RichText } from '../content/RichText';
import { formatLocalTime } from '../text/time';
import { Highlighted, SearchHighlight } from '../search/Highlighted';
import { ContentBlocks, Reasoning } from './ContentBlocks';

function Field({ label, children }: { label: string; children: ReactNode }) {
  if (children === undefined || children === null || children === false || children === '') return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="detail-section">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** Every normalized field of one message, then the original JSON it came from. */
export default function MessageDetail({ detail: message, view }: { detail: Detail; view: TranscriptView }) {
  const findings = indexOf(view).findingsByMessage.get(message.index) ?? [];
  // The search's matches are marked where the search looks (src/worker/search.ts): fields, tool calls and text.
  const pattern = useStore((s) => s.searchPattern);
  const marked = (text: string | undefined) => text && <Highlighted text={text} pattern={pattern} />;
  const { calls, location, usage } = message;
  const timeMs = view.columns.timeMs[message.index] ?? Number.NaN;
  const position = location.line !== undefined ? `, line ${location.line}${location.column !== undefined ? `:${location.column}` : ''}` : '';

  return (
    <div className="detail">
      <h2 className="panel-title">
        <span className={`role-badge role-${message.role}`}>{ROLE_LABELS[message.role]}</span> Message #{message.index}
      </h2>
      {/* Under the heading, not in it: a heading names the message, and two links beside it crowd a narrow pane. */}
      <div className="detail-actions">
        <CopyMessageLink index={message.index} />
        <CopyMessageMarkdown index={message.index} />
        <RawToggle />
      </div>
      <dl className="fields">
        <Field label="Type as written">{marked(message.sourceType)}</Field>
        <Field label="ID">{message.id && <span className="mono">{marked(message.id)}</span>}</Field>
        <Field label="Name">{marked(message.name)}</Field>
        <Field label="Model">{marked(message.model)}</Field>
        <Field label="Timestamp">
          {message.timestamp !== undefined && (
            <>
              <span className="mono">{message.timestamp}</span>
              {!Number.isNaN(timeMs) && (
                <span className="muted" data-testid="detail-time" data-ms={timeMs}>
                  {' '}
                  (local: {formatLocalTime(timeMs)})
                </span>
              )}
            </>
          )}
        </Field>
        <Field label="Answers call">{message.toolCallId && <span className="mono">{marked(message.toolCallId)}</span>}</Field>
        <Field label="Status">{message.status}</Field>
        <Field label="Location">{`${location.path}${position}`}</Field>
        <Field label="Problem">{message.problem}</Field>
      </dl>

      {usage && (
        <Section title="Tokens">
          <dl className="fields">
            <Field label="Input">{formatCount(usage.input)}</Field>
            <Field label="Output">{formatCount(usage.output)}</Field>
            <Field label="Total">{`${formatCount(usage.total)}${usage.totalReported ? '' : ' (input + output; none reported)'}`}</Field>
            <Field label="Cache read">{usage.cacheRead !== undefined && formatCount(usage.cacheRead)}</Field>
            <Field label="Cache write">{usage.cacheCreation !== undefined && formatCount(usage.cacheCreation)}</Field>
            <Field label="Reasoning">{usage.reasoning !== undefined && formatCount(usage.reasoning)}</Field>
            <Field label="Running total">{formatCount(view.columns.cumulative[message.index] ?? 0)}</Field>
          </dl>
        </Section>
      )}

      {findings.length > 0 && (
        <Section title="Findings">
          <ul className="detail-findings">
            {findings.map((finding, i) => (
              <li key={i} className={`sev-${finding.severity}`}>
                <strong>{finding.rule}</strong>: {finding.text}
              </li>
            ))}
          </ul>
        </Section>
      )}

      <SearchHighlight value={pattern}>
        {calls.length > 0 && (
          <Section title="Tool calls">
            {calls.map((call, i) => (
              <div key={i} className={`detail-call${call.error !== undefined || call.invalid ? ' invalid' : ''}`}>
                <div>
                  <strong>{marked(call.name) || '(unnamed)'}</strong> <span className="mono muted">{call.id !== undefined ? marked(call.id) : '(no id)'}</span>
                </div>
                {call.error !== undefined && <p className="detail-call-error">{call.error}</p>}
                <RichText text={call.argsText} cap={5000} markdown={false} className="pre" testId="call-args" />
              </div>
            ))}
          </Section>
        )}
      </SearchHighlight>

      <Reasoning blocks={message.blocks} />

      {message.text && (
        <SearchHighlight value={pattern}>
          <Section title="Text">
            {/* A tool's output is most often a terminal's or a file's: as Markdown, `__init__.py` would turn bold and spaces collapse. */}
            <RichText text={message.text} markdown={message.role !== 'tool'} testId="detail-text" />
          </Section>
        </SearchHighlight>
      )}

      <ContentBlocks blocks={message.blocks} index={message.index} />

      <Section title="Original JSON">
        <CappedText text={message.rawJson} cap={50_000} testId="detail-json" />
      </Section>
    </div>
  );
}
