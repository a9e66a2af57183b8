import { useEffect, useState } from 'react';
import type { ProviderTarget } from '../../core/model';
import { TARGET_LABELS, TARGETS } from '../../core/providers/targets';
import type { RepairReply } from '../../protocol/workerApi';
import type { ViewSession } from '../../store/session';
import { useStore } from '../../store/store';
import { useModalDialog } from '../components/useModalDialog';
import { downloadText } from '../export/download';
import { ruleHref } from '../findings/findingFocus';

type Shown = { kind: 'working' } | { kind: 'ready'; reply: Extract<RepairReply, { ok: true }> } | { kind: 'failed'; message: string };

const forWhom = (target: ProviderTarget | undefined): string => (target === undefined ? 'every target' : TARGET_LABELS[target]);

/**
 * The repair of the history on screen (core/repair, done in the worker): the target it is for, every edit with
 * the finding it repairs, what was left and why, and the verdict read back from the repaired text; only then
 * *Download repaired* or *Open repaired*.
 */
export function RepairDialog({ session, onClose }: { session: ViewSession; onClose: () => void }) {
  const { dialog, close } = useModalDialog();
  const loadInput = useStore((s) => s.loadInput);
  const [target, setTarget] = useState<ProviderTarget | undefined>(undefined);
  // The answer for the target it was asked for: until the one picked answers, the dialog is working.
  const [answer, setAnswer] = useState<{ target: ProviderTarget | undefined; shown: Shown } | null>(null);
  useEffect(() => {
    let current = true;
    const answered = (shown: Shown): void => {
      if (current) setAnswer({ target, shown });
    };
    session.repair(target).then(
      (reply) => answered(reply.ok ? { kind: 'ready', reply } : { kind: 'failed', message: reply.message }),
      (error: unknown) => answered({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [session, target]);
  const shown: Shown = answer && answer.target === target ? answer.shown : { kind: 'working' };
  const reply = shown.kind === 'ready' ? shown.reply : undefined;
  return (
    <dialog
      ref={dialog}
      className="modal-dialog repair-dialog"
      data-testid="repair-dialog"
      data-state={shown.kind}
      aria-labelledby="repair-dialog-title"
      onClose={onClose}
    >
      <div className="repair-dialog-head">
        <h2 id="repair-dialog-title">Repair this history</h2>
        <button type="button" className="button ghost small" data-testid="repair-close" aria-label="Close" onClick={close}>
          ✕
        </button>
      </div>
      <label className="repair-target">
        For{' '}
        <select
          data-testid="repair-target"
          value={target ?? ''}
          onChange={(event) => setTarget(TARGETS.find((t) => t === event.target.value))}
          disabled={shown.kind === 'working'}
        >
          <option value="">every target</option>
          {TARGETS.map((t) => (
            <option key={t} value={t}>
              {TARGET_LABELS[t]}
            </option>
          ))}
        </select>
        <span className="muted"> — repairs what {target === undefined ? 'any target' : 'it'} rejects</span>
      </label>
      {shown.kind === 'working' && (
        <p className="muted" role="status">
          Repairing…
        </p>
      )}
      {shown.kind === 'failed' && (
        <p className="repair-error" role="alert" data-testid="repair-error">
          {shown.message}
        </p>
      )}
      {reply && <RepairReport reply={reply} />}
      <div className="modal-actions">
        <button type="button" className="button" data-testid="repair-cancel" onClick={close}>
          Close
        </button>
        <button
          type="button"
          className="button"
          data-testid="repair-open-result"
          disabled={!reply || reply.edits.length === 0}
          onClick={() => {
            if (!reply) return;
            close();
            void loadInput(reply.text, reply.fileName);
          }}
        >
          Open repaired
        </button>
        <button
          type="button"
          className="button primary"
          data-testid="repair-download"
          disabled={!reply || reply.edits.length === 0}
          onClick={() => reply && downloadText(reply.text, reply.fileName)}
        >
          Download repaired
        </button>
      </div>
    </dialog>
  );
}

function RepairReport({ reply }: { reply: Extract<RepairReply, { ok: true }> }) {
  const { edits, unrepaired, converted, notes } = reply;
  return (
    <div className="repair-report" data-testid="repair-report" data-format={reply.format} data-edits={edits.length}>
      <p className="repair-written">
        {edits.length === 0 ? 'Nothing to repair mechanically' : `${edits.length} ${edits.length === 1 ? 'edit' : 'edits'}`}
        {edits.length > 0 && (
          <>
            , written as <strong>{reply.formatLabel}</strong> to <code>{reply.fileName}</code>
          </>
        )}
        .
      </p>
      {converted && (
        <p className="repair-converted" data-testid="repair-converted">
          Converted from {converted.fromLabel}: {converted.reason}.
        </p>
      )}
      {edits.length > 0 && (
        <ol className="repair-edits" data-testid="repair-edits">
          {edits.map((edit, i) => (
            <li key={i} data-testid="repair-edit" data-action={edit.action} data-rule={edit.rule} data-message={edit.message}>
              <span className="repair-at">
                {edit.conversation ? `${edit.conversation} ` : ''}#{edit.message}
              </span>{' '}
              {edit.text}
              <span className="repair-why">
                <RuleLink rule={edit.rule} />: {edit.why}
              </span>
            </li>
          ))}
        </ol>
      )}
      {unrepaired.length > 0 && (
        <>
          <h3 className="repair-subtitle">Not repaired</h3>
          <ul className="repair-unrepaired" data-testid="repair-unrepaired">
            {unrepaired.map((left, i) => (
              <li key={i} data-testid="repair-left" data-rule={left.rule} data-message={left.message}>
                {left.conversation ? `${left.conversation} ` : ''}#{left.message} <RuleLink rule={left.rule} />: {left.text}
                <span className="repair-why">{left.reason}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {notes.map((note, i) => (
        <p key={i} className="muted">
          {note}
        </p>
      ))}
      <p className={`repair-verdict ${reply.accepted ? 'accepted' : 'rejected'}`} data-testid="repair-verdict" data-accepted={reply.accepted}>
        {reply.accepted
          ? `✓ Accepted by ${forWhom(reply.target)} once repaired: its verdicts, read back from the repaired history, say so.`
          : `✗ Still rejected by ${rejecting(reply)}.`}
      </p>
    </div>
  );
}

function rejecting(reply: Extract<RepairReply, { ok: true }>): string {
  const labels = reply.verdicts.flatMap(({ verdicts }) =>
    verdicts.filter((v) => (reply.target === undefined || v.target === reply.target) && (!v.accepted || v.unjudged !== undefined)).map((v) => v.label),
  );
  return [...new Set(labels)].join(', ') || forWhom(reply.target);
}

function RuleLink({ rule }: { rule: string }) {
  const href = ruleHref(rule);
  if (href === undefined) return <code>{rule}</code>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" data-testid="repair-rule-link">
      <code>{rule}</code>
    </a>
  );
}
