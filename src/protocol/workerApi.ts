// The page <-> worker protocol. The worker keeps the full Transcript (every message's raw JSON); the page
// gets a compact view (typed columns, link table, findings) and asks for cards, details, searches and
// conversions by request id. Both sides import this file: it holds types and constants only.
import type { ConvertTarget } from '../core/convert';
import type { RunCost } from '../core/cost';
import type { Composition } from '../core/composition';
import type { ToolCallTable } from '../core/analytics/toolCalls';
import type { TokenStats } from '../core/analytics/tokenStats';
import type { ContentKind, Finding, HistoryKind, ImportError, Role, SourceLocation, Tokens, Usage, Verdict } from '../core/model';
import type { ProviderTarget } from '../core/model';
import type { Repaired } from '../core/repair';
import type { RowsParams } from './messagesTable';
import type { FacetCounts, SearchAnswer, SearchParams } from './search';

/** Role codes in the `role` column. */
export const ROLE_ORDER: readonly Role[] = ['system', 'human', 'ai', 'tool', 'other'];

/**
 * A file, a fetched body or pasted text, or a URL the worker fetches (absolute: the worker's base differs); or a
 * shared history the worker unpacks: an inline payload (`#h=1.…`) or a short link's sealed blob at `url`, opened with `key` (`#s=`).
 */
export type ImportInput = string | Blob | { url: string } | { inline: string } | { sealed: { url: string; key: string } };

export interface ImportParams {
  input: ImportInput;
  /** Names the input for exports' file names. */
  name: string;
  /** Adapter name; overrides detection. */
  format?: string;
  /** Of a file of several conversations, the one to open (its position); the first when absent or out of range. */
  conversation?: number;
}

/** One conversation of a file that holds several, as the conversation list shows it. */
export interface ConversationSummary {
  label: string;
  count: number;
  toolCalls: number;
  errors: number;
  warnings: number;
  /** For a sub-agent or hand-off: the conversation that started it (its position) and the call. */
  parent?: { conversation: number; toolCallId?: string };
}

/** Per-message numbers, indexed by message index. */
export interface MessageColumns {
  role: Uint8Array<ArrayBuffer>;
  flags: Uint8Array<ArrayBuffer>;
  /** Length of the full text, in UTF-16 units. */
  textLength: Uint32Array<ArrayBuffer>;
  /** Lines of the collapsed card text (at most CARD_LINES, see timelineView). */
  previewLines: Uint8Array<ArrayBuffer>;
  /** Tool calls, valid and invalid (at most 255). */
  callCount: Uint8Array<ArrayBuffer>;
  /** The message's usage total, -1 without usage. */
  usageTotal: Float64Array<ArrayBuffer>;
  /** Running token total after each message. */
  cumulative: Float64Array<ArrayBuffer>;
  /** The message's time in milliseconds since the epoch (core/timestamps), NaN where the input gives none. */
  timeMs: Float64Array<ArrayBuffer>;
}

/**
 * Every tool call id and the messages it joins, as compressed rows: link i's calls are
 * `callMessages[callStart[i] .. callStart[i + 1])`, likewise its results and each message's links.
 */
export interface LinkTable {
  ids: string[];
  callStart: Int32Array<ArrayBuffer>;
  callMessages: Int32Array<ArrayBuffer>;
  resultStart: Int32Array<ArrayBuffer>;
  resultMessages: Int32Array<ArrayBuffer>;
  /** 1 when a result of the link reported an error. */
  failed: Uint8Array<ArrayBuffer>;
  /** By message index: the links the message issues or answers. */
  messageLinkStart: Int32Array<ArrayBuffer>;
  messageLinks: Int32Array<ArrayBuffer>;
}

export interface FormatInfo {
  name: string;
  label: string;
}

export interface TranscriptView {
  format: string;
  formatLabel: string;
  kind: HistoryKind;
  /** Every adapter, for a format picker (`reloadAs`). */
  formats: FormatInfo[];
  count: number;
  /** Tool calls issued, valid or not (a call and its result share one link id; an orphan result has one too). */
  toolCalls: number;
  columns: MessageColumns;
  links: LinkTable;
  findings: Finding[];
  verdicts: Verdict[];
  tokens: Omit<Tokens, 'cumulative'>;
  notes?: string[];
  /** For a file of several conversations: all of them, and which one this view shows. */
  collection?: { conversations: ConversationSummary[]; open: number };
}

/** A tool call as its chip shows it. */
export interface CallChip {
  id?: string;
  name: string;
  /** One line of the arguments, cut short. */
  args: string;
  invalid: boolean;
  error?: string;
  /** The first result's message index. */
  result?: number;
  /** No result yet, and none is due: the call ends the response or history (pending-tool-call). */
  pending?: true;
}

/** What a timeline card shows of one message; the text is a prefix (see `textLength`). */
export interface Card {
  index: number;
  sourceType: string;
  id?: string;
  name?: string;
  model?: string;
  text: string;
  textLength: number;
  /** Non-text blocks by kind. */
  contentKinds: { kind: ContentKind; count: number }[];
  calls: CallChip[];
  toolCallId?: string;
  status?: string;
  problem?: string;
  usage?: Usage;
  /** For a result: the call it answers. */
  resultOf?: { messageIndex: number; name: string };
}

/**
 * An image block's picture: inline bytes as a `data:` URL, the same left out of the detail for size (the `image` request
 * sends it), an http(s) URL the page fetches only when the user asks, or a name of one that is not here (a file id, `gs://…`).
 */
export type DetailImage =
  | { kind: 'data'; src: string; mediaType: string; bytes: number }
  | { kind: 'omitted'; mediaType: string; bytes: number }
  | { kind: 'url'; url: string }
  | { kind: 'reference'; text: string };

/** Inline images larger than this (decoded bytes) are left out of a detail; `image` sends one when asked. */
export const DETAIL_IMAGE_BYTES = 1_000_000;
/** And the detail carries at most this much inline image data in all. */
export const DETAIL_IMAGES_BYTES = 4_000_000;

/** One content block of a message, as the detail pane shows it. */
export interface DetailBlock {
  kind: ContentKind;
  /** The block's type as written (`image_url`, `thinking`, `redacted_thinking`…). */
  type: string;
  /** The block's text; absent for text blocks, whose text is the detail's `text` (joined), and for blocks without any. */
  text?: string;
  image?: DetailImage;
  /**
   * Reasoning the reader cannot see: `redacted` (Anthropic `redacted_thinking`, Vercel `redacted-reasoning`, Inspect
   * `redacted: true`) or `encrypted` (OpenAI `encrypted_content`, OpenRouter `reasoning.encrypted`), whose text, if
   * any, is only a summary.
   */
  hidden?: 'redacted' | 'encrypted';
  /**
   * A reasoning block's tokens: `reported` by the message's usage (its reasoning tokens, given when this is the
   * message's only reasoning block), `counted` in the block's text with TOKEN_ENCODING (an estimate for models of
   * other providers).
   */
  tokens?: { reported?: number; counted?: number };
}

/** The tokenizer reasoning blocks are counted with (gpt-tokenizer's, worker/tokenCounter.ts). */
export const REASONING_ENCODING = 'o200k_base';

/** One message in full, for the detail pane and a card's "show all". */
export interface MessageDetail {
  index: number;
  role: Role;
  sourceType: string;
  id?: string;
  name?: string;
  model?: string;
  timestamp?: string;
  toolCallId?: string;
  status?: string;
  usage?: Usage;
  location: SourceLocation;
  problem?: string;
  text: string;
  /** Every content block in order (text blocks too: their place among the others). */
  blocks: DetailBlock[];
  calls: { id?: string; name: string; argsText: string; invalid: boolean; error?: string }[];
  /** The message as the input wrote it, pretty-printed. */
  rawJson: string;
}

export type ImportOutcome =
  | (OpenedView & {
      ok: true;
      /** The adapter detection picks for this input, also when `format` overrode it (`view.format`); null: none fits. */
      detectedFormat: string | null;
      /** The file name a shared history carried (its payload's meta), to show in place of the link's. */
      sourceName?: string;
    })
  | { ok: false; error: ImportError };

export interface Conversion {
  text: string;
  /** What the target format cannot express. */
  lost: string[];
  fileName: string;
}

export type LoadPhase = 'read' | 'parse' | 'prepare';

export interface LoadProgress {
  phase: LoadPhase;
  /** Bytes read so far (characters for pasted text). */
  bytes: number;
  /** Size of the input when known. */
  total?: number;
  /** Messages read, once parsing is done. */
  messages?: number;
  /** While reading: the array elements or JSON Lines lines parsed so far (most often the messages). */
  entries?: number;
}

/** How far a long count has got (the context composition's tokenizer, over the conversation's messages). */
export interface CountProgress {
  phase: 'count';
  done: number;
  total: number;
}

/** What a request reports while it runs: an import its load, the composition its count. */
export type WorkerProgress = LoadProgress | CountProgress;

/** The progress `M` reports. */
export type ProgressOf<M extends Method> = M extends 'composition' ? CountProgress : LoadProgress;

/** The context composition of the conversation on screen (core/composition), with the encoding it was counted with. */
export type CompositionView = Composition & { encoding: string };

/** A possible secret in the input, as the share dialogs list it: never the secret itself. */
export interface SecretFound {
  kind: string;
  /** The kind in words: "an OpenAI API key". */
  label: string;
  /** The secret masked, e.g. `sk-proj-…abcd`. */
  masked: string;
  /** Where it is: `line 12`, in an archive `samples/1.json, line 3`. */
  where: string;
}

export interface SecretScan {
  /** The first hits (at most SECRETS_LISTED). */
  hits: SecretFound[];
  /** Every hit, listed or not. */
  total: number;
}

/** Hits a secret scan lists; the rest are counted. */
export const SECRETS_LISTED = 200;

export interface ShareParams {
  /** Replace each possible secret by `[REDACTED:<kind>]` first. */
  redact: boolean;
  /** `inline`: the `1.<base64url>` payload of a link or HTML file; `sealed`: encrypted for a short-link server. */
  as: 'inline' | 'sealed';
}

export type SharePrepared =
  | { as: 'inline'; payload: string }
  | {
      as: 'sealed';
      /** The ciphertext to upload. */
      blob: Uint8Array<ArrayBuffer>;
      /** The AES key, base64url: it goes in the link's fragment only. */
      key: string;
    };

/**
 * *Copy as Markdown* of a run stops adding messages past this many characters (and says how many it left out):
 * a clipboard takes more, but a GitHub comment holds 65,536 and a Slack message 40,000. `convert` writes all.
 */
export const MARKDOWN_COPY_CHARS = 200_000;

/**
 * The history loaded, repaired (core/repair): its edits, what was left and why, the verdicts read back from the
 * repaired text, and the text itself with the name to save it as; or why it could not be repaired.
 */
export type RepairReply = (Repaired & { fileName: string }) | { ok: false; message: string };

/** Each method's parameters and result. */
export interface Calls {
  import: { params: ImportParams; result: ImportOutcome };
  /** Cards of these messages; indices past the end are skipped. */
  cards: { params: { indices: number[] }; result: Card[] };
  detail: { params: { index: number }; result: MessageDetail };
  /** An inline image the detail left out for size (`DetailImage` kind `omitted`): block `block` of message `index`, as a `data:` URL. */
  image: { params: { index: number; block: number }; result: { src: string } };
  /** Messages of one of `roles` that the facets keep and whose text, names or ids match `query` (src/protocol/search.ts). */
  search: { params: SearchParams; result: SearchAnswer };
  /** What each facet chip would keep, counted once per conversation. */
  searchFacets: { params: Record<string, never>; result: FacetCounts };
  /** The messages table's rows: indices of the messages its filters keep, in the order of its sort keys (src/worker/rows.ts). */
  rows: { params: RowsParams; result: Int32Array<ArrayBuffer> };
  /** The history, or `only` the messages at these indices (those a search or role filter shows), in another format. */
  convert: { params: { target: ConvertTarget; only?: Int32Array }; result: Conversion };
  /**
   * The run (its findings, verdicts and messages, to about MARKDOWN_COPY_CHARS), or one message, as Markdown for the
   * clipboard; `redact` replaces each possible secret by `[REDACTED:<kind>]`.
   */
  markdown: { params: { message?: number; redact?: boolean }; result: { text: string } };
  /** The file loaded with its mechanical faults repaired for `target` (every target when absent), every conversation of it. */
  repair: { params: { target?: ProviderTarget }; result: RepairReply };
  /** Shows another conversation of the file loaded; the other methods then answer for it. */
  open: { params: { conversation: number }; result: OpenedView };
  /** Possible secrets in the input loaded (every conversation of it), before it is shared. */
  secrets: { params: Record<string, never>; result: SecretScan };
  /** The input loaded, as it is shared: the bytes the recipient reads, compressed (and sealed). */
  share: { params: ShareParams; result: SharePrepared };
  /**
   * What each AI turn's input was made of, and each message's estimated tokens, counted in the worker (gpt-tokenizer,
   * `encoding`) once per conversation; reports CountProgress while it counts.
   */
  composition: { params: Record<string, never>; result: CompositionView };
  /** The Tools table of the open conversation: one row a tool call (and a result nobody called), one line a tool; built once and kept. */
  toolCalls: { params: Record<string, never>; result: ToolCallTable };
  /** The Tokens view: totals of the open conversation by model, role and tool, and its context growth (typed columns, handed over). */
  tokenStats: { params: Record<string, never>; result: TokenStats };
  /** What the open conversation cost: reported by the history where it says, else estimated from the price data (core/cost). */
  cost: { params: Record<string, never>; result: RunCost };
}

/** A view with the cards of its first screen. */
export interface OpenedView {
  view: TranscriptView;
  cards: Card[];
}

export type Method = keyof Calls;
export type Params<M extends Method> = Calls[M]['params'];
export type Result<M extends Method> = Calls[M]['result'];

export type RequestOf<M extends Method> = { id: number; method: M; params: Params<M> };
export type WorkerRequest = { [M in Method]: RequestOf<M> }[Method];

/**
 * Why a request failed; the page acts on the kind and shows the message. An input that is read but is not a
 * history is no error: the import answers `{ ok: false }` with where and why.
 */
export type WorkerErrorKind =
  /** The page stopped the worker: a newer load replaced it, the user cancelled, or its history left the screen. */
  | 'stopped'
  /** The worker could not start or died; every call to it fails. */
  | 'crashed'
  /** The input could not be read: a URL not fetched (network, HTTP status, an HTML page) or a file not readable. */
  | 'read'
  /** Anything else the worker threw: a bug, reported rather than left unanswered. */
  | 'failed';

export interface WorkerError {
  kind: WorkerErrorKind;
  message: string;
}

export type WorkerResponse =
  | { id: number; kind: 'result'; result: Result<Method> }
  | { id: number; kind: 'error'; error: WorkerError }
  | { id: number; kind: 'progress'; progress: WorkerProgress };
