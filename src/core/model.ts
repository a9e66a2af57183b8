// The normalized model every format adapter produces and every rule, view and CLI command reads.
// Pure data: no classes, so it crosses a worker boundary with structured clone.
// RuleId is derived from the rule list, so a rule's id is declared once, where the rule is.
import type { RuleId } from './checks';

export type { RuleId };

export type Role = 'system' | 'human' | 'ai' | 'tool' | 'other';

/** Where a message came from in the user's input. */
export interface SourceLocation {
  /** Path inside the parsed value, e.g. `messages[3]` or `values.messages[0]`; JSON Lines use `line 4`. */
  path: string;
  /** 1-based line and column of the element's first character in the input text, when known. */
  line?: number;
  column?: number;
}

export type ContentKind = 'text' | 'reasoning' | 'image' | 'audio' | 'file' | 'tool_call' | 'tool_result' | 'other';

/** One block of message content; `raw` keeps the original block verbatim. */
export interface ContentBlock {
  kind: ContentKind;
  /** The block's own type name as written in the input (`text`, `image_url`, `thinking`...). */
  type: string;
  /** Human-readable text of the block, if it has any. */
  text?: string;
  raw: unknown;
}

export interface ToolCall {
  /** The id that links the call to its result; absent when the input had none. */
  id?: string;
  name: string;
  /** Parsed arguments (an object for valid calls). */
  args: unknown;
  /** The arguments exactly as written when the input gave them as a string. */
  argsText?: string;
  /** Set when the input marks the call invalid (LangChain invalid_tool_calls) or its arguments are not valid JSON. */
  error?: string;
  /** True for entries of LangChain's `invalid_tool_calls`. */
  invalid?: boolean;
  /**
   * Set when the input gave the call no id and the reader made `id` up to link it (Gemini's
   * `functionCall` needs none; OpenAI's legacy `function_call` and Ollama's calls often have none):
   * where the call is in the input, e.g. `contents[1].parts[0]`. Findings and the error texts they
   * quote name such a call by this position, never by the made-up id.
   */
  idMadeUp?: { path: string };
  /**
   * Set when the call was answered inside a server tool's run rather than by a tool result: the id of
   * that server call (Anthropic programmatic tool calling: a `tool_use` whose `caller` is a code
   * execution whose result is in the same message). No rule asks for its result.
   */
  answeredInside?: string;
  raw: unknown;
}

/** Token usage normalized to one model; fields absent in the input stay undefined. */
export interface Usage {
  input: number;
  output: number;
  /** Total as reported by the source, or input + output when it reported none. */
  total: number;
  /** Whether `total` was reported by the source (usage-mismatch checks only those). */
  totalReported: boolean;
  cacheRead?: number;
  cacheCreation?: number;
  reasoning?: number;
  /**
   * Every sampling pass the source billed for this message, when it lists them (Anthropic
   * `usage.iterations`: `compaction`, `message`, `advisor_message`…); `input` and `output` above are
   * then their sums, so a compaction pass is counted, and the passes show it apart.
   */
  iterations?: UsagePass[];
  /**
   * What the source says this message cost, in US dollars (Langfuse `costDetails.total`, ATIF `metrics.cost_usd`);
   * absent when it says nothing. A reported cost wins over an estimate from the price data (core/cost).
   */
  cost?: number;
}

/** One billed sampling pass of a message; input as `Usage.input` counts it (cache reads and writes included). */
export interface UsagePass {
  type: string;
  input: number;
  output: number;
}

export interface Message {
  /** Position in the timeline, 0-based. */
  index: number;
  role: Role;
  /**
   * The role or type name exactly as the input wrote it (`AIMessageChunk`, `assistant`, `generic`...).
   * A tool result found inside the model's own turn (a Gemini `functionResponse` in a `"model"` turn,
   * a `tool_result` block in an Anthropic `"assistant"` message) keeps that turn's role here:
   * tool-result-wrong-role reports it.
   */
  sourceType: string;
  id?: string;
  name?: string;
  content: ContentBlock[];
  /** All text of the message joined, for display and search. */
  text: string;
  toolCalls: ToolCall[];
  invalidToolCalls: ToolCall[];
  /** For tool results: the id of the call this answers. */
  toolCallId?: string;
  /** Set when the reader made `toolCallId` up (see ToolCall.idMadeUp): findings name the result by its `location.path`. */
  toolCallIdMadeUp?: boolean;
  /** For tool results: `success`, `error` or whatever the input said. */
  status?: string;
  usage?: Usage;
  model?: string;
  timestamp?: string;
  /** The original JSON value of this message, verbatim: nothing the user loaded is dropped. */
  raw: unknown;
  location: SourceLocation;
  /** Set when the adapter could not read this element as a message; it stays on the timeline as role `other`. */
  problem?: string;
  /**
   * Position of the wire message this one came from, for formats whose one message holds several
   * of ours (an Anthropic or Gemini user turn carries tool results and text together). Messages split
   * from one wire message share it and keep the wire order of its blocks; adapters that never split
   * leave it unset. Rules use it to tell which messages a provider sees as one turn.
   */
  turn?: number;
}

export type Severity = 'error' | 'warning' | 'info';

/** An API or framework a history can be sent to as the next request. */
export type ProviderTarget = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'langgraph';

/** What a target answers when sent this history: its error text, with the real ids and positions. */
export interface Rejection {
  target: ProviderTarget;
  error: string;
}

export interface Finding {
  rule: RuleId;
  severity: Severity;
  /** The message the finding is about (the one to scroll to). */
  messageIndex: number;
  messageId?: string;
  toolCallId?: string;
  /** Other messages the finding concerns (e.g. the call a misplaced result answers). */
  related: number[];
  /** What is wrong, naming positions and ids. */
  text: string;
  /** Why it matters, in words; it quotes `rejectedBy`, one line per target. */
  why: string;
  /** The targets that would refuse a request carrying this history because of this finding. */
  rejectedBy?: Rejection[];
  /**
   * What a target still needs before it takes the next request, when the history is fine as it is (a call
   * that ends a response waits for its result), with the error it would answer if sent without it.
   */
  neededBy?: Rejection[];
  /** How to fix it. */
  fix: string;
  /** For elements that could not be read: where in the input. */
  location?: SourceLocation;
}

/** A tool call id and every place it appears. */
export interface ToolLink {
  id: string;
  /**
   * Each AI message and position that issued this id (more than one is a fault). `callIndex` points
   * into `toolCalls`, or into `invalidToolCalls` when `invalid` is true.
   */
  calls: { messageIndex: number; callIndex: number; invalid?: boolean }[];
  /** Each tool message answering this id, in timeline order. */
  results: number[];
}

/** A history's links, found by id. Not a Map: a Map of 400k ids costs half a second to fill. */
export interface ToolLinks {
  /** In the order their ids first appear. */
  values(): readonly ToolLink[];
  get(id: string): ToolLink | undefined;
  /** Tool calls the AI messages issued, valid or not, with an id or without: the figure the CLI report and the app's header show. */
  readonly callCount: number;
}

export interface TokenTotals {
  input: number;
  output: number;
  total: number;
  cacheRead: number;
  cacheCreation: number;
  reasoning: number;
  /** How many messages carried usage. */
  messagesWithUsage: number;
  /**
   * The billed passes other than the messages' own (`compaction`…), one entry a type, summed over the
   * messages: already part of input and output, listed to show them apart. Absent when none.
   */
  passes?: UsagePass[];
}

export interface ToolStats {
  name: string;
  calls: number;
  results: number;
  errors: number;
}

export interface Tokens {
  totals: TokenTotals;
  /** Running total (input + output as reported) after each message, indexed like messages. */
  cumulative: number[];
  perTool: ToolStats[];
  perModel: { model: string; input: number; output: number; total: number; messages: number }[];
}

/** A reason a target refuses the history, or something it still needs before the next request. */
export interface VerdictProblem {
  rule: RuleId;
  /** The target's error text. */
  error: string;
  /** The finding's message first, then the others it concerns. */
  messageIndices: number[];
  ids: string[];
  fix: string;
  /**
   * Set when the problem stands for several findings, `count` of them: past the first QUOTED_PER_RULE problems of a
   * rule, a verdict folds the rest of that rule into one (`error` and `fix` are the first one's, `messageIndices` and
   * `ids` the first QUOTED_PER_RULE of theirs; the findings list every one), so that a history with 10,000 orphan
   * calls does not quote 10,000 errors per target (core/repeats).
   */
  count?: number;
}

/** One target's answer to the whole history: accepted, or the problems it would refuse. */
export interface Verdict {
  target: ProviderTarget;
  /** Human-readable target name, e.g. `Anthropic Messages`. */
  label: string;
  accepted: boolean;
  problems: VerdictProblem[];
  /** What the next request must add (the results of pending calls); absent when nothing. */
  pending?: VerdictProblem[];
  /**
   * Set when more than half of the messages could not be read as the format (`Message.problem`, most
   * often a wrong *Read as*): what was not read is not checked, so `accepted` says nothing then; every
   * target of the history carries the same counts.
   */
  unjudged?: { unread: number; total: number };
}

/**
 * What a file is decides what is wrong with it: a response that ends in a tool call waits for its
 * result; a request or a history is judged as the next request.
 */
export type HistoryKind = 'request' | 'response' | 'history';

/** What a whole file is: one conversation of a kind above, or a collection of several (eval samples, dataset rows…). */
export type FileKind = HistoryKind | 'collection';

export interface Transcript {
  /** Adapter name, e.g. `langchain-stored`. */
  format: string;
  /** Human-readable format name shown in the UI. */
  formatLabel: string;
  kind: HistoryKind;
  messages: Message[];
  /** Every tool call id with the messages that issued and answered it. */
  links: ToolLinks;
  findings: Finding[];
  /** Per target, in `ProviderTarget` order: would it accept this history as the next request. */
  verdicts: Verdict[];
  tokens: Tokens;
  /** The adapter's notes on what it skipped or reordered while reading (absent when it had none). */
  notes?: string[];
  /**
   * What the file says the whole run cost, in US dollars, when it says so for the run rather than (or besides) per
   * message: a Claude Agent SDK `result`'s `total_cost_usd`, ATIF `final_metrics.total_cost_usd`, SWE-agent
   * `model_stats.instance_cost`. Only for a file of one conversation; it wins over the messages' sum (core/cost).
   */
  reportedCost?: number;
}

/** Input that could not be read at all. */
export interface ImportError {
  message: string;
  line?: number;
  column?: number;
  /** A few lines of the input around the error, with a caret line under the column. */
  snippet?: string;
  /**
   * The input was read but is no history msgscope knows (an empty object, JSON of another shape, an HTML page):
   * the message says what it is, and whoever shows it points to the formats msgscope reads.
   */
  notHistory?: true;
}

/** One conversation of a file that holds several, linked and checked on its own (its messages' indices are its own). */
export interface Conversation {
  /** What the file calls it: a sample id, a row, a store key, an agent's name. */
  label: string;
  transcript: Transcript;
  /** For a sub-agent or hand-off: the conversation (its position in the list) and the call that started it. */
  parent?: { conversation: number; toolCallId?: string };
}

/**
 * A file read: `transcript` is its conversation, or for a file of several (`conversations`, two or more) the
 * first of them, the one opened unless another is asked for.
 */
export type ImportResult = { ok: true; transcript: Transcript; conversations?: Conversation[] } | { ok: false; error: ImportError };
