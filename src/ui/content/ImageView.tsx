import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useModalDialog } from '../components/useModalDialog';
import { EXTERNAL_LINK } from './links';
import { fetchImage, ImageFetchError, requestsForbidden, type ImageFetchFailure } from './fetchImage';

/** A picture shown full size in a modal dialog; Escape or *Close* ends it. */
function ImageDialog({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const { dialog, close } = useModalDialog();
  return (
    <dialog ref={dialog} className="modal-dialog image-dialog" data-testid="image-dialog" aria-label={alt} onClose={onClose}>
      <img className="image-full" data-testid="image-full" src={src} alt={alt} />
      <div className="modal-actions">
        <span className="muted image-dialog-label">{alt}</span>
        <button type="button" className="button" data-testid="image-close" onClick={close}>
          Close
        </button>
      </div>
    </dialog>
  );
}

/** A thumbnail that opens the picture full size. `src` is a data: or blob: URL, never a remote one. */
export function Thumbnail({ src, alt }: { src: string; alt: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="image-thumb" data-testid="image-thumb" title={`${alt}: open full size`} onClick={() => setOpen(true)}>
        <img src={src} alt={alt} />
      </button>
      {/* Outside the detail pane: the dialog is the page's, not the pane's. */}
      {open && createPortal(<ImageDialog src={src} alt={alt} onClose={() => setOpen(false)} />, document.body)}
    </>
  );
}

type RemoteState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'loaded'; src: string } | { kind: 'failed'; failure: ImageFetchFailure };

/**
 * A picture on another host: its address as text and *Load image (host)*. Nothing is requested until that click;
 * where this page may request nothing (the single HTML file), the button says so and offers a new tab instead.
 */
export function RemoteImage({ url, host, alt }: { url: string; host: string; alt: string }) {
  const [state, setState] = useState<RemoteState>({ kind: 'idle' });
  const [forbidden] = useState(requestsForbidden);
  const loaded = state.kind === 'loaded' ? state.src : undefined;
  // The bytes are this component's: freed when it goes.
  useEffect(() => (loaded ? () => URL.revokeObjectURL(loaded) : undefined), [loaded]);
  // A load that ends after the component went (another message selected) frees its bytes at once.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const load = async (): Promise<void> => {
    setState({ kind: 'loading' });
    try {
      const src = await fetchImage(url);
      if (!mounted.current) {
        URL.revokeObjectURL(src);
        return;
      }
      setState({ kind: 'loaded', src });
    } catch (error) {
      setState({ kind: 'failed', failure: error instanceof ImageFetchError ? error.failure : { reason: 'failed', message: String(error) } });
    }
  };
  const newTab = (
    <a href={url} {...EXTERNAL_LINK} data-testid="open-image">
      open it in a new tab
    </a>
  );
  return (
    <span className="remote-image" data-testid="remote-image" data-host={host} data-state={forbidden ? 'forbidden' : state.kind}>
      {loaded ? (
        <Thumbnail src={loaded} alt={alt} />
      ) : (
        <>
          <span className="remote-image-url mono" title={url}>
            {url}
          </span>
          {forbidden ? (
            <span className="remote-image-note" data-testid="load-image-forbidden">
              This file requests nothing from other hosts, so it cannot load this image from {host}: {newTab}.
            </span>
          ) : (
            <button
              type="button"
              className="button load-image"
              data-testid="load-image"
              data-host={host}
              disabled={state.kind === 'loading'}
              onClick={() => void load()}
            >
              {state.kind === 'loading' ? `Loading image (${host})…` : `Load image (${host})`}
            </button>
          )}
          {state.kind === 'failed' && (
            <span className="remote-image-note" role="alert" data-testid="load-image-error" data-reason={state.failure.reason}>
              Could not load it: {state.failure.message}. You can {newTab}.
            </span>
          )}
        </>
      )}
    </span>
  );
}
