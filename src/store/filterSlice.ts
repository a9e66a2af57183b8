import type { StateCreator } from 'zustand';
import type { Role } from '../core/model';
import { ROLE_ORDER } from '../protocol/workerApi';
import type { AppState } from './store';

/** Typing pauses this long before the worker searches: one search per word, not per key. */
const SEARCH_DELAY_MS = 120;

export interface FilterSlice {
  hiddenRoles: Role[];
  /** The search box's text. */
  search: string;
  /** Messages matching `search` among the roles shown, from the worker; null without a search. */
  searchHits: Int32Array | null;
  toggleRole: (role: Role) => void;
  /** Hides exactly these roles (a link's `#role=` names those shown). */
  setHiddenRoles: (roles: Role[]) => void;
  setSearch: (search: string) => void;
  /** Asks the worker for `search`'s matches now. */
  runSearch: () => void;
  clearFilters: () => void;
  /**
   * For a new history: the old one's hits go, and the search runs again in the new one. The search text and
   * the hidden roles are the user's, not the history's: they stay.
   */
  resetFilter: () => void;
}

export const createFilterSlice: StateCreator<AppState, [], [], FilterSlice> = (set, get) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Each search takes a number; an answer to an older one changes nothing.
  let latest = 0;

  return {
    hiddenRoles: [],
    search: '',
    searchHits: null,
    toggleRole: (role) => {
      const hidden = get().hiddenRoles;
      set({ hiddenRoles: hidden.includes(role) ? hidden.filter((r) => r !== role) : [...hidden, role] });
      if (get().search.trim()) get().runSearch();
    },
    setHiddenRoles: (hiddenRoles) => {
      set({ hiddenRoles });
      if (get().search.trim()) get().runSearch();
    },
    setSearch: (search) => {
      set({ search });
      clearTimeout(timer);
      // Clearing the box needs no worker: show everything at once.
      if (!search.trim()) get().runSearch();
      else timer = setTimeout(() => get().runSearch(), SEARCH_DELAY_MS);
    },
    runSearch: () => {
      clearTimeout(timer);
      const { search, hiddenRoles, session } = get();
      const ticket = ++latest;
      if (!search.trim() || !session) {
        set({ searchHits: null });
        return;
      }
      const roles = ROLE_ORDER.filter((role) => !hiddenRoles.includes(role));
      session.search(search, roles).then(
        (searchHits) => {
          if (ticket === latest && get().session === session) set({ searchHits });
        },
        // The session closed (a newer history is on screen); the search that one triggers answers instead.
        () => undefined,
      );
    },
    clearFilters: () => {
      const { hiddenRoles, search } = get();
      if (hiddenRoles.length === 0 && !search) return;
      clearTimeout(timer);
      latest++;
      set({ hiddenRoles: [], search: '', searchHits: null });
    },
    resetFilter: () => {
      set({ searchHits: null });
      get().runSearch();
    },
  };
};
