import { useCallback, useEffect, useRef, useState } from 'react';
import { LINK_LIMITS } from '../../core/share/limits';
import type { SecretScan } from '../../protocol/workerApi';
import type { ShareAction, ShareRequest } from '../../store/shareSlice';
import { useStore } from '../../store/store';
import { downloadBlob } from '../export/download';
import { copyText } from './clipboard';
import { shareLink, viewFragment } from './links';
import { confirmUpload, forgetOwnLink, rememberOwnLink, uploadConfirmed, type OwnLink } from './ownLinks';
import { deleteShare, discoverShortLinks, uploadShare, type Expiry, type ShortLinks } from './shareServer';
import { buildStandaloneHtml, standaloneFileName } from './standaloneHtml';

type Server = Extract<ShortLinks, { available: true }>;

/** Where a share is: every share path starts with the secrets found, then its own steps. */
export type ShareStep =
  | { kind: 'scanning' }
  | { kind: 'secrets'; scan: SecretScan }
  | { kind: 'working'; what: string }
  | { kind: 'link'; link: string; copied: boolean | null }
  | { kind: 'html'; fileName: string; bytes: number }
  | { kind: 'short-options'; server: Server; expires: Expiry }
  | { kind: 'short-confirm'; server: Server; expires: Expiry }
  | { kind: 'short-done'; link: string; own: OwnLink; kept: boolean; copied: boolean | null; deleting: boolean; deleted: boolean; deleteError?: string }
  | { kind: 'failed'; message: string };

export interface ShareFlow {
  action: ShareAction;
  step: ShareStep;
  /** Secrets found, and whether they are redacted in what is shared; null until the user chose. */
  redacted: { total: number; redact: boolean } | null;
  chooseSecrets: (redact: boolean) => void;
  /** The same history another way, with the choice about secrets already made (a link too long for a chat). */
  switchTo: (action: ShareAction) => void;
  setExpiry: (expires: Expiry) => void;
  createShortLink: () => void;
  confirmShortLink: () => void;
  copyAgain: () => void;
  deleteLink: () => void;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Past this, no browser opens a link (Chromium's 2 MB is the longest limit). */
export const LONGEST_LINK = LINK_LIMITS[0]?.chars ?? 2_000_000;

/** The share `request` asks for, step by step; every step that waits on the worker or a server can fail into `failed`. */
export function useShareFlow(request: ShareRequest): ShareFlow {
  const [action, setAction] = useState(request.action);
  const [step, setStep] = useState<ShareStep>({ kind: 'scanning' });
  const [redacted, setRedacted] = useState<ShareFlow['redacted']>(null);
  // Set false when the dialog goes: answers that come later change nothing.
  const live = useRef(true);
  const update = useCallback((next: ShareStep) => live.current && setStep(next), []);
  const fail = useCallback((error: unknown) => update({ kind: 'failed', message: messageOf(error) }), [update]);

  const proceed = useCallback(
    async (to: ShareAction, redact: boolean): Promise<void> => {
      const state = useStore.getState();
      const { session } = state;
      if (!session) throw new Error('No history is loaded.');
      if (to === 'short') {
        update({ kind: 'working', what: 'Asking the share server…' });
        const server = await discoverShortLinks();
        if (!server.available)
          throw new Error(server.reason ?? 'No share server answers this page: short links need `msgscope serve` or a shareServer in msgscope.config.json.');
        update({ kind: 'short-options', server, expires: server.defaultExpires });
        return;
      }
      update({ kind: 'working', what: to === 'link' ? 'Packing the history into a link…' : 'Building the HTML file…' });
      const prepared = await session.share({ redact, as: 'inline' });
      if (prepared.as !== 'inline') throw new Error('The worker packed the history for a short link, not a link.');
      if (to === 'link') {
        const link = shareLink({ h: prepared.payload }, state, request.message);
        // A link no browser opens is not put on the clipboard: the dialog offers the other ways instead.
        const copied = link.length <= LONGEST_LINK ? await copyText(link) : null;
        update({ kind: 'link', link, copied });
        return;
      }
      const name = state.transcriptSource;
      const blob = await buildStandaloneHtml(prepared.payload, name, viewFragment(state, request.message));
      const fileName = standaloneFileName(name);
      downloadBlob(blob, fileName);
      update({ kind: 'html', fileName, bytes: blob.size });
    },
    [request.message, update],
  );

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  // Secrets first, whatever the way: the scan runs in the worker over the whole input.
  useEffect(() => {
    // Its own flag: under StrictMode the effect runs twice, and only the second scan's answer may go on.
    let active = true;
    const session = useStore.getState().session;
    if (!session) {
      fail(new Error('No history is loaded.'));
      return;
    }
    session.secrets().then(
      (scan) => {
        if (!active) return;
        if (scan.total > 0) update({ kind: 'secrets', scan });
        else {
          setRedacted({ total: 0, redact: false });
          proceed(request.action, false).catch(fail);
        }
      },
      (error: unknown) => active && fail(error),
    );
    return () => {
      active = false;
    };
  }, [fail, proceed, request.action, update]);

  const upload = async (server: Server, expires: Expiry): Promise<void> => {
    const state = useStore.getState();
    const { session } = state;
    if (!session) throw new Error('No history is loaded.');
    update({ kind: 'working', what: 'Encrypting the history in this browser…' });
    const sealed = await session.share({ redact: redacted?.redact ?? false, as: 'sealed' });
    if (sealed.as !== 'sealed') throw new Error('The worker packed the history for a link, not a short link.');
    update({ kind: 'working', what: `Uploading ${sealed.blob.length.toLocaleString('en-US')} encrypted bytes to ${new URL(server.server).host}…` });
    const created = await uploadShare(server.server, sealed.blob, expires, server.maxBytes);
    const own: OwnLink = {
      server: server.server,
      id: created.id,
      deleteToken: created.deleteToken,
      expiresAt: created.expiresAt,
      createdAt: new Date().toISOString(),
    };
    const kept = rememberOwnLink(own);
    const link = shareLink({ s: `${created.id}.${sealed.key}` }, state, request.message);
    const copied = await copyText(link);
    update({ kind: 'short-done', link, own, kept, copied, deleting: false, deleted: false });
  };

  return {
    action,
    step,
    redacted,
    chooseSecrets: (redact) => {
      if (step.kind !== 'secrets') return;
      setRedacted({ total: step.scan.total, redact });
      proceed(action, redact).catch(fail);
    },
    switchTo: (to) => {
      setAction(to);
      proceed(to, redacted?.redact ?? false).catch(fail);
    },
    setExpiry: (expires) => {
      if (step.kind === 'short-options') update({ ...step, expires });
    },
    createShortLink: () => {
      if (step.kind !== 'short-options') return;
      // Before the first upload from this browser, the user says once that they know who can read it.
      if (!uploadConfirmed()) update({ kind: 'short-confirm', server: step.server, expires: step.expires });
      else upload(step.server, step.expires).catch(fail);
    },
    confirmShortLink: () => {
      if (step.kind !== 'short-confirm') return;
      confirmUpload();
      upload(step.server, step.expires).catch(fail);
    },
    copyAgain: () => {
      if (step.kind !== 'link' && step.kind !== 'short-done') return;
      void copyText(step.link).then((copied) => update({ ...step, copied }));
    },
    deleteLink: () => {
      if (step.kind !== 'short-done' || step.deleted) return;
      const { own } = step;
      update({ ...step, deleting: true });
      deleteShare(own.server, own.id, own.deleteToken).then(
        () => {
          forgetOwnLink(own.server, own.id);
          update({ ...step, deleting: false, deleted: true });
        },
        (error: unknown) => update({ ...step, deleting: false, deleteError: messageOf(error) }),
      );
    },
  };
}
