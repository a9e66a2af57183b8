import type { StateCreator } from 'zustand';
import type { Role } from '../core/model';
import type { AppState } from './store';

export interface FilterSlice {
  hiddenRoles: Role[];
  search: string;
  toggleRole(role: Role): void;
  setSearch(search: string): void;
  clearFilters(): void;
}

export const createFilterSlice: StateCreator<AppState, [], [], FilterSlice> = (set, get) => ({
  hiddenRoles: [],
  search: '',
  toggleRole: (role) => {
    const hidden = get().hiddenRoles;
    set({ hiddenRoles: hidden.includes(role) ? hidden.filter((r) => r !== role) : [...hidden, role] });
  },
  setSearch: (search) => set({ search }),
  clearFilters: () => {
    const { hiddenRoles, search } = get();
    if (hiddenRoles.length > 0 || search) set({ hiddenRoles: [], search: '' });
  },
});
