// The search's request and answer, which the page (src/store/filterSlice.ts) and the worker (src/worker/search.ts)
// both read: the text of the search box, the roles shown and the facets chosen go in, the matching messages come out.
import type { Role, Severity } from '../core/model';

/** Narrowing beside the text (the filter chips); within a kind any value matches, the kinds and the text all must. */
export interface SearchFacets {
  /** Messages that call one of these tools or answer such a call; empty: any. */
  tools: string[];
  /** Messages with a finding of one of these severities; empty: any. */
  severities: Severity[];
  /** Only messages with at least one finding. */
  findings: boolean;
  /**
   * Only tool errors: results that report an error (`status: "error"`, or a LangGraph ToolNode error text, as the
   * tool-error rule reads them), the messages whose calls got them, and messages with an invalid call.
   */
  toolErrors: boolean;
}

export const NO_FACETS: SearchFacets = { tools: [], severities: [], findings: false, toolErrors: false };

export const hasFacets = (facets: SearchFacets): boolean => facets.tools.length > 0 || facets.severities.length > 0 || facets.findings || facets.toolErrors;

export interface SearchParams {
  /** The search box's text: words found ignoring case, or `/pattern/flags` (core/search/query). '' finds every message. */
  query: string;
  /** Kept: messages of these roles. */
  roles: Role[];
  facets: SearchFacets;
}

/**
 * A search gives up after this long and answers what it found so far (`complete: false`). It runs in slices, so
 * other requests, and a newer search, are answered meanwhile: a newer one makes this one stop at its next slice.
 */
export const SEARCH_BUDGET_MS = 3000;

export type SearchAnswer =
  | {
      kind: 'hits';
      /** Matching message indices, in message order. */
      hits: Int32Array<ArrayBuffer>;
      /** False when the budget ran out before every message was looked at: `hits` are those up to `scanned`. */
      complete: boolean;
      /** Messages looked at. */
      scanned: number;
      /** How long the worker searched, in milliseconds. */
      ms: number;
    }
  /** The query cannot run (core/search/query): why, in a sentence. */
  | { kind: 'invalid'; message: string }
  /** A newer search came before this one was done. */
  | { kind: 'superseded' };

/** What the facet chips offer, counted once per conversation: how many messages each would keep alone. */
export interface FacetCounts {
  /** Tool names, most used first (ties by name). */
  tools: { name: string; messages: number }[];
  severities: Record<Severity, number>;
  findings: number;
  toolErrors: number;
}
