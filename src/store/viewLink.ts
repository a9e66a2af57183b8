// What is on screen, as a link's fragment says it (docs/page-hooks.md, "Links"): the selected message `m=N`,
// the side tab `tab=`, the centre view `view=`, the roles shown `role=` and the search `q=`. `c=N`, the conversation, is url.ts's.
import type { Role } from '../core/model';
import { ROLE_ORDER } from '../protocol/workerApi';
import type { Selection } from './selectionSlice';
import type { UrlParams } from './url';
import { MAIN_VIEWS, SIDE_TABS, type MainView, type SideTab } from './viewSlice';

/** The tabs by the names a link uses: the one the user sees (*Providers*), not the verdicts' internal name. */
const TAB_NAMES: Record<SideTab, string> = { findings: 'findings', verdicts: 'providers' };

export interface LinkedView {
  /** The selected message's index (`#N` in the app; within the conversation `c=` opens). */
  message?: number;
  tab?: SideTab;
  mainView?: MainView;
  /** The roles hidden: a link names those shown. */
  hiddenRoles?: Role[];
  search?: string;
}

export interface ViewState {
  selection: Selection | null;
  sideTab: SideTab;
  mainView: MainView;
  hiddenRoles: readonly Role[];
  search: string;
}

const isRole = (name: string): name is Role => (ROLE_ORDER as readonly string[]).includes(name);

/** The view a link's fragment asks for; a parameter that is absent or makes no sense is left out. */
export function readLinkedView(params: URLSearchParams): LinkedView {
  const view: LinkedView = {};
  const m = params.get('m');
  if (m !== null && /^(?:0|[1-9]\d{0,8})$/.test(m)) view.message = Number(m);
  const tab = params.get('tab');
  const named = SIDE_TABS.find((id) => TAB_NAMES[id] === tab);
  if (named) view.tab = named;
  const main = MAIN_VIEWS.find((id) => id === params.get('view'));
  if (main) view.mainView = main;
  const role = params.get('role');
  if (role !== null) {
    const shown = role.split(',').filter(isRole);
    // `role=` empty shows none; a list of names none of which is a role is a broken link, not "hide everything".
    if (role === '' || shown.length > 0) view.hiddenRoles = ROLE_ORDER.filter((r) => !shown.includes(r));
  }
  const q = params.get('q');
  if (q !== null && q !== '') view.search = q;
  return view;
}

/** The fragment's view parameters for what is on screen; each at its default is removed. */
export function viewParams({ selection, sideTab, mainView, hiddenRoles, search }: ViewState): UrlParams {
  return {
    m: selection ? String(selection.index) : null,
    tab: sideTab === 'findings' ? null : TAB_NAMES[sideTab],
    view: mainView === 'timeline' ? null : mainView,
    role: hiddenRoles.length === 0 ? null : ROLE_ORDER.filter((r) => !hiddenRoles.includes(r)).join(','),
    q: search === '' ? null : search,
  };
}
