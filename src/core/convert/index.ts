// Export a loaded history to another format, or to a Markdown report of it. Each target says what it could
// not carry in `lost`, one line per kind of loss; nothing is dropped silently.
import { jsonParts } from '../json/jsonParts';
import { indentedJson } from '../json/indented';
import { whyFailed } from './isolated';
import { buildTranscript } from '../analyze';
import type { Message, Transcript } from '../model';
import { toAnthropic } from './anthropic';
import { toLangChainStored } from './langchainStored';
import { runMarkdown, type MarkdownOptions } from './markdown';
import { lostList, type Lost } from '../providers/lost';
import { toMsgscope } from './msgscope';
import { toOpenAIChat } from './openaiChat';
import { toOpenAIResponses } from './openaiResponses';
import { toGemini } from './gemini';
import { toVercelAi } from './vercelAi';

/** The formats a history is written in: each reads back into msgscope. */
export type HistoryTarget = 'langchain-stored' | 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'vercel-ai' | 'msgscope';
/** A history target, or `markdown`: a report of the run for an issue or a chat, which nothing reads back. */
export type ConvertTarget = HistoryTarget | 'markdown';

export interface Conversion {
  /** The converted history as JSON text; for `markdown`, the report. */
  readonly text: string;
  /** The same text in parts, for a history whose text would be longer than one string can be (see jsonParts). */
  parts(): Generator<string>;
  /** What the target cannot express, e.g. `message #4: status "error" has no place in OpenAI Chat tool messages`. */
  lost: string[];
}

export const HISTORY_TARGETS: readonly { target: HistoryTarget; label: string }[] = [
  { target: 'langchain-stored', label: 'LangChain stored messages (messages_to_dict)' },
  { target: 'openai-chat', label: 'OpenAI Chat Completions request' },
  { target: 'openai-responses', label: 'OpenAI Responses request' },
  { target: 'anthropic', label: 'Anthropic Messages request' },
  { target: 'gemini', label: 'Gemini generateContent request' },
  { target: 'vercel-ai', label: 'Vercel AI SDK messages (ModelMessage[])' },
  { target: 'msgscope', label: 'msgscope JSON (everything, raw included)' },
];

export const CONVERT_TARGETS: readonly { target: ConvertTarget; label: string }[] = [
  ...HISTORY_TARGETS,
  { target: 'markdown', label: 'Markdown report (for an issue or a chat)' },
];

export interface ConvertOptions extends MarkdownOptions {
  /**
   * Only these messages (their indices, in timeline order): the export of those a search or a role filter shows. They
   * are written as a history of their own, checked again for the report; `lost` names them by their numbers in the
   * whole history, as the screen does.
   */
  only?: ArrayLike<number>;
}

const CONVERTERS: Record<HistoryTarget, (t: Transcript, lost: Lost) => unknown> = {
  'langchain-stored': toLangChainStored,
  'openai-chat': toOpenAIChat,
  'openai-responses': toOpenAIResponses,
  anthropic: toAnthropic,
  gemini: toGemini,
  'vercel-ai': toVercelAi,
  msgscope: toMsgscope,
};

/** Said for every target but msgscope's own, which keeps each message's raw input. */
export const OUTSIDE_MODEL =
  "fields msgscope does not read (response_metadata, artifact, provider extras...) are not carried over; the msgscope export keeps them in each message's raw";

/** `options` name the history and bound the text of a Markdown report; the history targets write everything. */
export function convertTranscript(whole: Transcript, target: ConvertTarget, options: ConvertOptions = {}): Conversion {
  const { only, ...rest } = options;
  const { transcript: t, lost } = only === undefined ? { transcript: whole, lost: lostList() } : selected(whole, only);
  if (target === 'markdown') return markdownConversion(t, lost, rest);
  if (target !== 'msgscope') lost.add(undefined, OUTSIDE_MODEL);
  let value: unknown;
  try {
    value = CONVERTERS[target](t, lost);
  } catch (error) {
    // Each message is converted on its own (convert/isolated); this is what fails around them (the request's layout).
    value = null;
    lost.add(undefined, `the conversion failed ${whyFailed(error)}: nothing was written`);
  }
  return {
    get text() {
      return indentedJson(value) ?? 'null';
    },
    parts: () => jsonParts(value),
    lost: lost.list(),
  };
}

/** The report is written once, for `lost`; `text` and `parts()` write it again, so a huge one is never held whole. */
function markdownConversion(t: Transcript, lost: Lost, options: ConvertOptions): Conversion {
  const first = runMarkdown(t, lost, options);
  while (!first.next().done);
  return {
    get text() {
      return [...runMarkdown(t, lostList(), options)].join('');
    },
    parts: () => runMarkdown(t, lostList(), options),
    lost: lost.list(),
  };
}

/**
 * The messages `only` names as a history of their own, numbered from 0 as every writer expects (they index arrays by
 * `Message.index`), with a `lost` that names each by its number in the whole history.
 */
function selected(whole: Transcript, only: ArrayLike<number>): { transcript: Transcript; lost: Lost } {
  const original: number[] = [];
  const messages: Message[] = [];
  for (let k = 0; k < only.length; k++) {
    const m = whole.messages[only[k] ?? -1];
    if (m === undefined) continue;
    original.push(m.index);
    messages.push({ ...m, index: messages.length });
  }
  const transcript = buildTranscript({ name: whole.format, label: whole.formatLabel }, messages, whole.kind);
  const inner = lostList();
  const lost: Lost = {
    add: (index, what) => inner.add(index === undefined ? undefined : (original[index] ?? index), what),
    list: () => inner.list(),
  };
  return { transcript, lost };
}
