import type { StateCreator } from 'zustand';
import type { Role } from '../core/model';
import { parseSearchQuery } from '../core/search/query';
import { hasFacets, NO_FACETS, type SearchFacets } from '../protocol/search';
import { ROLE_ORDER } from '../protocol/workerApi';
import { visibleRows } from './filter';
import { stepAmong } from './searchPosition';
import type { AppState } from './store';

/** Typing pauses this long before the worker searches: one search per word, not per key. */
const SEARCH_DELAY_MS = 120;

export interface SearchStopped {
  /** Messages looked at before the worker's time budget ran out; the hits are among these. */
  scanned: number;
  total: number;
}

export interface FilterSlice {
  hiddenRoles: Role[];
  /** The search box's text: words, or `/pattern/flags` (core/search/query). */
  search: string;
  /** The filter chips beside the search. */
  facets: SearchFacets;
  /** Messages matching `search` and `facets` among the roles shown, from the worker; null without a search or facet. */
  searchHits: Int32Array | null;
  /**
   * What the hits were found with, to highlight them: null without text, and when the search ran out of time (a
   * pattern that slow could hold up the page too).
   */
  searchPattern: RegExp | null;
  /** Why the search box's text cannot run (an invalid or refused regular expression); the hits before stay. */
  searchError: string | null;
  /** The last search stopped at its time budget: its hits are those found until then. */
  searchStopped: SearchStopped | null;
  /** The worker is searching: the hits are the previous search's. */
  searchBusy: boolean;
  toggleRole: (role: Role) => void;
  /** Hides exactly these roles (a link's `#role=` names those shown). */
  setHiddenRoles: (roles: Role[]) => void;
  setSearch: (search: string) => void;
  /** Changes some facets (a chip clicked, a link's `#tool=`, `#sev=`, `#with=`) and searches at once. */
  setFacets: (facets: Partial<SearchFacets>) => void;
  /** Asks the worker for `search`'s matches now. */
  runSearch: () => void;
  /** Selects the next (1) or previous (-1) match from the selection, round the ends, and scrolls the timeline to it. */
  stepSearch: (direction: 1 | -1) => void;
  clearFilters: () => void;
  /**
   * For a new history: the old one's hits go, and the search runs again in the new one. The search text, the facets
   * and the hidden roles are the user's, not the history's: they stay.
   */
  resetFilter: () => void;
}

const noHits = { searchHits: null, searchPattern: null, searchError: null, searchStopped: null, searchBusy: false } satisfies Partial<FilterSlice>;

export const createFilterSlice: StateCreator<AppState, [], [], FilterSlice> = (set, get) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Each search takes a number; an answer to an older one changes nothing.
  let latest = 0;

  return {
    hiddenRoles: [],
    search: '',
    facets: NO_FACETS,
    ...noHits,
    toggleRole: (role) => {
      const hidden = get().hiddenRoles;
      set({ hiddenRoles: hidden.includes(role) ? hidden.filter((r) => r !== role) : [...hidden, role] });
      if (get().searchHits !== null || get().search.trim()) get().runSearch();
    },
    setHiddenRoles: (hiddenRoles) => {
      set({ hiddenRoles });
      if (get().searchHits !== null || get().search.trim()) get().runSearch();
    },
    setSearch: (search) => {
      set({ search });
      clearTimeout(timer);
      // Clearing the box needs no wait: show everything (or what the facets keep) at once.
      if (!search.trim()) get().runSearch();
      else timer = setTimeout(() => get().runSearch(), SEARCH_DELAY_MS);
    },
    setFacets: (change) => {
      set({ facets: { ...get().facets, ...change } });
      get().runSearch();
    },
    runSearch: () => {
      clearTimeout(timer);
      const { search, hiddenRoles, facets, session } = get();
      const ticket = ++latest;
      const query = parseSearchQuery(search);
      // Said under the box at once, without the worker; what was found before stays on screen.
      if (query.kind === 'invalid') {
        set({ searchError: query.message, searchBusy: false });
        return;
      }
      if ((query.kind === 'empty' && !hasFacets(facets)) || !session) {
        set(noHits);
        return;
      }
      set({ searchError: null, searchBusy: true });
      const roles = ROLE_ORDER.filter((role) => !hiddenRoles.includes(role));
      session.search({ query: search, roles, facets }).then(
        (answer) => {
          if (ticket !== latest || get().session !== session || answer.kind === 'superseded') return;
          if (answer.kind === 'invalid') {
            set({ searchError: answer.message, searchBusy: false });
            return;
          }
          set({
            searchHits: answer.hits,
            searchPattern: answer.complete && query.kind !== 'empty' ? query.pattern : null,
            searchError: null,
            searchStopped: answer.complete ? null : { scanned: answer.scanned, total: session.view.count },
            searchBusy: false,
          });
        },
        // The session closed (a newer history is on screen); the search that one triggers answers instead.
        () => {
          if (ticket === latest) set({ searchBusy: false });
        },
      );
    },
    stepSearch: (direction) => {
      const { view, hiddenRoles, searchHits, selection, jumpTo } = get();
      if (!view || !searchHits) return;
      const target = stepAmong(visibleRows(view, hiddenRoles, searchHits), selection?.index, direction);
      if (target !== undefined) jumpTo({ index: target });
    },
    clearFilters: () => {
      const { hiddenRoles, search, facets } = get();
      if (hiddenRoles.length === 0 && !search && !hasFacets(facets)) return;
      clearTimeout(timer);
      latest++;
      set({ hiddenRoles: [], search: '', facets: NO_FACETS, ...noHits });
    },
    resetFilter: () => {
      set(noHits);
      get().runSearch();
    },
  };
};
