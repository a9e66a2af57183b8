import { useEffect, useRef } from 'react';
import type { ShareAction, ShareRequest } from '../../store/shareSlice';
import { useStore } from '../../store/store';
import { useModalDialog } from '../components/useModalDialog';
import { LinkStep } from './LinkStep';
import { SecretsStep } from './SecretsStep';
import { ShortConfirmStep, ShortDoneStep, ShortOptionsStep } from './ShortLinkSteps';
import { Redaction } from './Redaction';
import { DoneButton } from './StepButtons';
import { useShareFlow, type ShareFlow } from './useShareFlow';

const TITLES: Record<ShareAction, string> = { link: 'Copy link', html: 'Download as HTML', short: 'Short link' };

/** The share the user started (Share menu, or *Copy link to this message*), in a modal dialog; none when none is. */
export function ShareDialog() {
  const request = useStore((s) => s.shareRequest);
  const session = useStore((s) => s.session);
  const endShare = useStore((s) => s.endShare);
  // Another history on screen ends the share of the old one.
  const sharing = useRef(session);
  useEffect(() => {
    if (sharing.current !== session) endShare();
    sharing.current = session;
  }, [session, endShare]);
  if (!request || !session) return null;
  return <ShareFlowDialog key={request.id} request={request} onEnd={endShare} />;
}

function ShareFlowDialog({ request, onEnd }: { request: ShareRequest; onEnd: () => void }) {
  const flow = useShareFlow(request);
  // Modal: the page behind is inert and Escape closes it, which ends the share (onClose).
  const { dialog, close } = useModalDialog();
  const { step } = flow;
  return (
    <dialog
      ref={dialog}
      className="modal-dialog share-dialog"
      data-testid="share-dialog"
      data-action={flow.action}
      data-step={step.kind}
      aria-labelledby="share-dialog-title"
      onClose={onEnd}
    >
      <div className="share-dialog-head">
        <h2 id="share-dialog-title">{step.kind === 'secrets' ? 'Possible secrets in this history' : TITLES[flow.action]}</h2>
        <button type="button" className="button ghost small" data-testid="share-close" aria-label="Close" onClick={close}>
          ✕
        </button>
      </div>
      <StepBody flow={flow} close={close} />
    </dialog>
  );
}

function StepBody({ flow, close }: { flow: ShareFlow; close: () => void }) {
  const { step } = flow;
  switch (step.kind) {
    case 'scanning':
      return <Working what="Looking for secrets in the history…" />;
    case 'working':
      return <Working what={step.what} />;
    case 'secrets':
      return <SecretsStep scan={step.scan} onChoose={flow.chooseSecrets} onCancel={close} />;
    case 'link':
      return <LinkStep step={step} flow={flow} close={close} />;
    case 'html':
      return (
        <>
          <p data-testid="share-html-saved" data-file-name={step.fileName}>
            Saved <strong>{step.fileName}</strong> ({Math.max(1, Math.round(step.bytes / 1000)).toLocaleString('en-US')} kB). It opens this history, on this
            view, in any browser, from a file or any static host, with no network at all.
          </p>
          <Redaction flow={flow} />
          <div className="modal-actions">
            <DoneButton close={close} />
          </div>
        </>
      );
    case 'short-options':
      return <ShortOptionsStep step={step} flow={flow} close={close} />;
    case 'short-confirm':
      return <ShortConfirmStep step={step} flow={flow} close={close} />;
    case 'short-done':
      return <ShortDoneStep step={step} flow={flow} close={close} />;
    case 'failed':
      return (
        <>
          <p className="share-error" role="alert" data-testid="share-error">
            {step.message}
          </p>
          <div className="modal-actions">
            <DoneButton close={close} label="Close" primary={false} />
          </div>
        </>
      );
  }
}

function Working({ what }: { what: string }) {
  return (
    <p className="share-working" role="status" data-testid="share-working">
      {what}
    </p>
  );
}
