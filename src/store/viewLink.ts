// What is on screen, as a link's fragment says it (docs/page-hooks.md, "Links"): the selected message `m=N`,
// the side tab `tab=`, the centre view `view=`, the roles shown `role=`, the search `q=` and its facets `tool=`, `sev=`
// and `with=`. `c=N`, the conversation, is url.ts's.
import type { Role, Severity } from '../core/model';
import { NO_FACETS, type SearchFacets } from '../protocol/search';
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
  /** The facets a link names; those it does not name are off. */
  facets?: SearchFacets;
}

export interface ViewState {
  selection: Selection | null;
  sideTab: SideTab;
  mainView: MainView;
  hiddenRoles: readonly Role[];
  search: string;
  facets?: SearchFacets;
}

const SEVERITY_NAMES: readonly Severity[] = ['error', 'warning', 'info'];
const isSeverity = (name: string): name is Severity => (SEVERITY_NAMES as readonly string[]).includes(name);
/** `with=` names the on/off facets. */
const WITH_FINDINGS = 'findings';
const WITH_TOOL_ERRORS = 'tool-errors';

/** The facets a link's `tool=`, `sev=` and `with=` ask for, or undefined when it names none. */
function readFacets(params: URLSearchParams): SearchFacets | undefined {
  const list = (name: string): string[] => (params.get(name) ?? '').split(',').filter((item) => item !== '');
  const withs = list('with');
  const facets: SearchFacets = {
    tools: list('tool'),
    severities: list('sev').filter(isSeverity),
    findings: withs.includes(WITH_FINDINGS),
    toolErrors: withs.includes(WITH_TOOL_ERRORS),
  };
  const named = facets.tools.length > 0 || facets.severities.length > 0 || facets.findings || facets.toolErrors;
  return named ? facets : undefined;
}

/** `tool=a,b`, `sev=error`, `with=findings,tool-errors`; a tool whose name has a comma cannot be written so, and is left out. */
function facetParams(facets: SearchFacets = NO_FACETS): UrlParams {
  const tools = facets.tools.filter((name) => !name.includes(','));
  const withs = [facets.findings && WITH_FINDINGS, facets.toolErrors && WITH_TOOL_ERRORS].filter((name) => name !== false);
  return {
    tool: tools.length === 0 ? null : tools.join(','),
    sev: facets.severities.length === 0 ? null : SEVERITY_NAMES.filter((s) => facets.severities.includes(s)).join(','),
    with: withs.length === 0 ? null : withs.join(','),
  };
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
  const facets = readFacets(params);
  if (facets) view.facets = facets;
  return view;
}

/** The fragment's view parameters for what is on screen; each at its default is removed. */
export function viewParams({ selection, sideTab, mainView, hiddenRoles, search, facets }: ViewState): UrlParams {
  return {
    m: selection ? String(selection.index) : null,
    tab: sideTab === 'findings' ? null : TAB_NAMES[sideTab],
    view: mainView === 'timeline' ? null : mainView,
    role: hiddenRoles.length === 0 ? null : ROLE_ORDER.filter((r) => !hiddenRoles.includes(r)).join(','),
    q: search === '' ? null : search,
    ...facetParams(facets),
  };
}
