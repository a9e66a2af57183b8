// Export a loaded history to another format. Each target says what it could not carry in `lost`,
// one line per kind of loss; nothing is dropped silently.
import { jsonParts } from '../json/jsonParts';
import { stringifyJson } from '../json/value';
import { whyFailed } from './isolated';
import type { Transcript } from '../model';
import { toAnthropic } from './anthropic';
import { toLangChainStored } from './langchainStored';
import { lostList, type Lost } from '../providers/lost';
import { toMsgscope } from './msgscope';
import { toOpenAIChat } from './openaiChat';

export type ConvertTarget = 'langchain-stored' | 'openai-chat' | 'anthropic' | 'msgscope';

export interface Conversion {
  /** The converted history as JSON text. */
  readonly text: string;
  /** The same text in parts, for a history whose text would be longer than one string can be (see jsonParts). */
  parts(): Generator<string>;
  /** What the target cannot express, e.g. `message #4: status "error" has no place in OpenAI Chat tool messages`. */
  lost: string[];
}

export const CONVERT_TARGETS: readonly { target: ConvertTarget; label: string }[] = [
  { target: 'langchain-stored', label: 'LangChain stored messages (messages_to_dict)' },
  { target: 'openai-chat', label: 'OpenAI Chat Completions request' },
  { target: 'anthropic', label: 'Anthropic Messages request' },
  { target: 'msgscope', label: 'msgscope JSON (everything, raw included)' },
];

const CONVERTERS: Record<ConvertTarget, (t: Transcript, lost: Lost) => unknown> = {
  'langchain-stored': toLangChainStored,
  'openai-chat': toOpenAIChat,
  anthropic: toAnthropic,
  msgscope: toMsgscope,
};

/** Said for every target but msgscope's own, which keeps each message's raw input. */
export const OUTSIDE_MODEL =
  "fields msgscope does not read (response_metadata, artifact, provider extras...) are not carried over; the msgscope export keeps them in each message's raw";

export function convertTranscript(t: Transcript, target: ConvertTarget): Conversion {
  const lost = lostList();
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
      return stringifyJson(value, 2) ?? 'null';
    },
    parts: () => jsonParts(value),
    lost: lost.list(),
  };
}
