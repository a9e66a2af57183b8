import { useState } from 'react';
import type { ShareAction } from '../../store/shareSlice';
import { useStore } from '../../store/store';
import { servedOverHttp } from '../../store/url';
import { MenuButton, MenuItem, useHeaderMenu } from '../components/HeaderMenu';
import { useShortLinks } from './useShortLinks';

interface Item {
  action: ShareAction;
  label: string;
  detail: string;
}

/** Share ▾: the ways to hand someone this history on this view. Each starts the share dialog, which looks for secrets first. */
export function ShareMenu() {
  const view = useStore((s) => s.view);
  const requestShare = useStore((s) => s.requestShare);
  const { rootRef, ...menu } = useHeaderMenu();
  // Asked when the menu first opens, never at start-up: the page makes no request the user did not ask for.
  const [asked, setAsked] = useState(false);
  const shortLinks = useShortLinks(asked);

  const items: Item[] = [];
  // A page opened from a file (the single HTML file) has no address anyone else can open: a file it can pass on.
  if (servedOverHttp()) items.push({ action: 'link', label: 'Copy link', detail: 'The history inside the link itself: nothing is uploaded' });
  items.push({ action: 'html', label: 'Download as HTML', detail: 'One file that opens this view anywhere, offline' });
  if (shortLinks?.available) {
    items.push({ action: 'short', label: 'Short link', detail: `Encrypted here, stored on ${new URL(shortLinks.server).host}` });
  }

  const choose = (action: ShareAction): void => {
    menu.setOpen(false);
    requestShare(action);
  };

  return (
    <div className="export share" ref={rootRef}>
      <MenuButton {...menu} data-testid="share" disabled={!view} title="Send this history, on this view, to someone" onOpen={() => setAsked(true)}>
        Share
      </MenuButton>
      {menu.open && (
        <div className="export-menu" role="menu" aria-label="Share" data-testid="share-menu">
          {items.map(({ action, label, detail }, i) => (
            <MenuItem
              key={action}
              data-testid="share-action"
              data-action={action}
              label={label}
              detail={detail}
              autoFocus={i === 0}
              onClick={() => choose(action)}
            />
          ))}
          {shortLinks && !shortLinks.available && shortLinks.reason !== undefined && (
            <p className="share-menu-note" data-testid="share-short-unavailable">
              Short links: {shortLinks.reason}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
