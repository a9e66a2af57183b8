import { useState } from 'react';
import { useStore } from '../../store/store';
import { copyText } from './clipboard';
import { addressCarriesHistory, addressOfMessage } from './links';

/**
 * *Copy link to this message*: when the address opens the history itself (`?src=`, `#h=`, `#s=`), the address with
 * `m=`; otherwise a link must carry the history, so it goes the way of *Share ▸ Copy link* (secrets first).
 */
export function CopyMessageLink({ index }: { index: number }) {
  const requestShare = useStore((s) => s.requestShare);
  const [copied, setCopied] = useState<{ index: number; ok: boolean } | null>(null);
  const state = copied?.index === index ? copied.ok : null;
  const onClick = (): void => {
    if (!addressCarriesHistory()) {
      requestShare('link', index);
      return;
    }
    void copyText(addressOfMessage(index)).then((ok) => setCopied({ index, ok }));
  };
  return (
    <button
      type="button"
      className="link-button copy-message-link"
      data-testid="copy-message-link"
      {...(state !== null && { 'data-copied': state })}
      title="A link that opens this history with this message selected"
      onClick={onClick}
    >
      {state === true ? 'Link copied' : state === false ? 'Could not copy: the browser refused' : 'Copy link to this message'}
    </button>
  );
}
