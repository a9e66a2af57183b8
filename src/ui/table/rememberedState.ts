// The table's sort and *only with findings* while the page is open: the view unmounts whenever the timeline is shown,
// and coming back to it finds them as left. The user's, not the history's: a new history keeps them too.
import type { SortingState } from '@tanstack/react-table';

export interface RememberedTable {
  sorting: SortingState;
  onlyFindings: boolean;
}

let remembered: RememberedTable = { sorting: [], onlyFindings: false };

export const rememberedTable = (): RememberedTable => remembered;

export function rememberTable(state: RememberedTable): void {
  remembered = state;
}
