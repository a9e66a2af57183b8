import type { DepthCuts } from '../json/depth';
import type { Message, SourceLocation } from '../model';

/**
 * A message as an adapter reads it; the importer assigns `index`. A draft built in one literal may
 * hold `index: undefined` there, so numbering it later does not change the object's shape (V8 would
 * otherwise give every message a second allocation for the added property).
 */
export type MessageDraft = Omit<Message, 'index'> & { index?: number };

/** The user's input after JSON / JSON Lines parsing, before any format is chosen. */
export interface ParsedInput {
  /** The parsed document; for JSON Lines, an array with one value per non-blank line; for SSE, one per event's data. */
  value: unknown;
  /** True when the text was JSON Lines or SSE (json/sse.ts); then `lineOf[i]` is the 1-based line of element i. */
  jsonLines: boolean;
  lineOf: number[];
  /** For JSON Lines: element index -> why that line is not JSON (the element then holds the line's text). */
  lineErrors?: Map<number, string>;
  /** The data files of a zip archive, `value` keyed by their paths inside it (see json/archive). */
  archive?: true;
  /** Where values nested deeper than MAX_DEPTH were kept as their JSON text (json/depth): the importer notes it. */
  deep?: DepthCuts;
}

/**
 * One conversation of a file that holds several (eval samples, dataset rows, separate traced calls,
 * chat-store keys, sub-agents): a range of the adapter's `messages`, checked and linked on its own.
 */
export interface ConversationRange {
  /** What the file calls it: a sample id, a row number, a store key, an agent's name. */
  label: string;
  /** `messages[start]` up to, not including, `messages[end]`. */
  start: number;
  end: number;
  /** For a sub-agent or hand-off: the conversation (its position in `conversations`) and the call that started it. */
  parent?: { conversation: number; toolCallId?: string };
}

export interface AdapterOutput {
  /** Every message read, in file order; several conversations' messages follow one another. */
  messages: MessageDraft[];
  /**
   * For a file of several conversations: their ranges, in order, together covering `messages`. Absent (or one
   * range) for a single conversation.
   */
  conversations?: ConversationRange[];
  /** What the input is, when its envelope says (a provider's request or response); otherwise a history. */
  kind?: 'request' | 'response';
  /** What the reader left out or reordered (e.g. skipped log entries that are not messages), for the UI and CLI to show. */
  notes?: string[];
  /** What the file says the whole run cost, in US dollars (`Transcript.reportedCost`); kept only when it holds one conversation. */
  reportedCost?: number;
}

/**
 * One wire format. Adapters are tried in registry order; the highest `detect` score wins
 * (ties go to the earlier one), and an explicit `--format` / picker choice overrides detection.
 */
export interface FormatAdapter {
  /** Stable id used by the CLI's --format and the JSON output, e.g. `langchain-stored`. */
  name: string;
  /** Shown in the UI and CLI, e.g. `LangChain stored messages`. */
  label: string;
  /** What the adapter expects, quoted when nothing matched. */
  expects: string;
  /** 0 when the input is not this format; higher is more certain. Looks at the shape, cheaply. */
  detect(input: ParsedInput): number;
  read(input: ParsedInput): AdapterOutput;
}

/**
 * A format that is not JSON (e.g. Python `repr()` output pasted from a terminal). Asked only when the
 * text is not JSON, or when the user picks it; its drafts carry their own line/column.
 */
export interface TextFormatAdapter {
  name: string;
  label: string;
  expects: string;
  detectText(text: string): number;
  readText(text: string): AdapterOutput;
}

export type { SourceLocation };
