import { useEffect, useState } from 'react';
import { discoverShortLinks, type ShortLinks } from './shareServer';

/** Whether this page can make short links, asked (once a page, see discoverShortLinks) only while `asking`; null until known. */
export function useShortLinks(asking: boolean): ShortLinks | null {
  const [found, setFound] = useState<ShortLinks | null>(null);
  useEffect(() => {
    if (!asking) return;
    let live = true;
    void discoverShortLinks().then((result) => live && setFound(result));
    return () => {
      live = false;
    };
  }, [asking]);
  return found;
}
