import { useCallback, useState } from 'react';
import { ShortcutsHelp } from './ShortcutsHelp';
import { useShortcuts } from './useShortcuts';

/** Answers the page's keyboard shortcuts and shows their help when `?` asks for it. */
export function KeyboardShortcuts() {
  const [help, setHelp] = useState(false);
  const openHelp = useCallback(() => setHelp(true), []);
  useShortcuts(openHelp);
  return help ? <ShortcutsHelp onClose={() => setHelp(false)} /> : null;
}
