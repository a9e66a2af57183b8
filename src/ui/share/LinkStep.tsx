import { LINK_LIMITS } from '../../core/share/limits';
import { formatCount } from '../text/format';
import { Redaction } from './Redaction';
import { CopyAgainButton, DoneButton } from './StepButtons';
import { LONGEST_LINK, type ShareFlow, type ShareStep } from './useShareFlow';
import { useShortLinks } from './useShortLinks';

/** The link made: its length, where it breaks, and the other ways when it is too long for where it is going. */
export function LinkStep({ step, flow, close }: { step: Extract<ShareStep, { kind: 'link' }>; flow: ShareFlow; close: () => void }) {
  const { link, copied } = step;
  const opens = link.length <= LONGEST_LINK;
  const breaks = LINK_LIMITS.some((limit) => link.length > limit.chars);
  const shortLinks = useShortLinks(breaks);
  return (
    <>
      <p>
        The history is inside the link, after the <span className="mono">#</span>: it is sent to no server, not even this one. Whoever opens the link sees this
        history on this view.
      </p>
      <textarea
        className="share-link mono"
        data-testid="share-link"
        readOnly
        rows={3}
        value={link}
        onFocus={(event) => event.target.select()}
        aria-label="Link"
      />
      <p className="share-length" data-testid="share-link-length" data-length={link.length}>
        <strong>{formatCount(link.length)}</strong> characters.
        {copied === true && (
          <span className="share-copied" data-testid="share-copied">
            {' '}
            Copied to the clipboard.
          </span>
        )}
        {copied === false && <span className="muted"> The browser did not let the page copy it: select the link above and copy it.</span>}
      </p>
      <Redaction flow={flow} />
      <ul className="share-limits" aria-label="Where the link works">
        {LINK_LIMITS.map((limit) => {
          const fits = link.length <= limit.chars;
          return (
            <li key={limit.id} className={fits ? 'fits' : 'breaks'} data-testid="share-limit" data-limit={limit.id} data-fits={fits}>
              <span aria-hidden="true">{fits ? '✓' : '✗'}</span> {fits ? `${limit.label}: fits` : `${limit.breaks}.`}
            </li>
          );
        })}
      </ul>
      {!opens && (
        <p className="share-error" role="alert" data-testid="share-too-long">
          No browser opens a link this long. Send it as an HTML file{shortLinks?.available ? ' or a short link' : ''} instead.
        </p>
      )}
      {breaks && (
        <div className="share-other-ways" data-testid="share-other-ways">
          <span className="muted">{opens ? 'Too long for some of these? Other ways:' : 'Other ways:'}</span>
          <button type="button" className="button small" data-testid="share-switch" data-action="html" onClick={() => flow.switchTo('html')}>
            Download as HTML
          </button>
          {shortLinks?.available && (
            <button type="button" className="button small" data-testid="share-switch" data-action="short" onClick={() => flow.switchTo('short')}>
              Short link
            </button>
          )}
        </div>
      )}
      <div className="modal-actions">
        {opens && <CopyAgainButton copied={copied} onCopy={flow.copyAgain} />}
        <DoneButton close={close} />
      </div>
    </>
  );
}
