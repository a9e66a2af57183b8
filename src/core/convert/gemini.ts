// Gemini generateContent request body `{systemInstruction?, contents}` (docs/FORMATS.md, "Google Gemini"; python-genai
// `types.py` `Content`, `Part`, `FunctionCall`, `FunctionResponse`). Roles are `user` and `model`; system messages go
// to `systemInstruction`; each AI message is a model content of text and `functionCall` parts; tool results are
// `functionResponse` parts of a user content. Parts read from a Gemini history go back as they came, so a thinking
// model's `thoughtSignature` travels with them; reasoning of any other provider has no place in `contents`.
//
// The contents are laid out by providers/geminiLayout, which the empty-parts rule quotes positions from: tool results
// and the human text around them share a user content, as messages split from one wire content share it again.
import { isRecord } from '../json/value';
import type { ContentBlock, Message, ToolCall, Transcript } from '../model';
import { partData } from '../formats/gemini/geminiParts';
import { geminiContents } from '../providers/geminiLayout';
import type { Lost } from '../providers/lost';
import { readImage } from '../providers/media';
import { inBlockOrder } from './blockOrder';
import { answeredInsideLost, callNames, resultName } from './callParts';
import { convertEach } from './isolated';
import { requestLosses } from './requestLosses';
import { pushAll } from '../json/pushAll';

const TARGET = 'Gemini';
type Json = Record<string, unknown>;

interface Content {
  role: 'user' | 'model';
  parts: Json[];
}

interface Request {
  systemInstruction?: { parts: Json[] };
  contents: Content[];
}

/** A Gemini `Part` as the Gemini readers keep it in `raw`: no `type` key (AI SDK and OpenAI parts have one), one data field. */
const isGeminiPart = (raw: unknown): raw is Json => isRecord(raw) && typeof raw.type !== 'string' && partData(raw) !== undefined;
const isPartOf = (raw: unknown, field: string): raw is Json => isGeminiPart(raw) && partData(raw)?.field === field;

/** Text and media: a Gemini part as it came, else a `text`, `inlineData` or `fileData` part; what has no Gemini form, undefined. */
function plainPart(block: ContentBlock): Json | undefined {
  if (isGeminiPart(block.raw) && !isPartOf(block.raw, 'functionCall') && !isPartOf(block.raw, 'functionResponse')) return block.raw;
  if (block.kind === 'text') return { text: block.text ?? '' };
  const image = readImage(block);
  if (!image) return undefined;
  return 'url' in image ? { fileData: { fileUri: image.url } } : { inlineData: { mimeType: image.mediaType, data: image.base64 } };
}

function userParts(m: Message, lost: Lost): Json[] {
  if (m.content.length === 0) return [{ text: m.text }];
  return m.content.flatMap((block): Json[] => {
    const part = plainPart(block);
    if (part === undefined) lost.add(m.index, `a ${block.type} block has no place in ${TARGET} user parts`);
    return part ? [part] : [];
  });
}

/** The call as its Gemini part, signature included; otherwise a `functionCall` whose made-up id stays out (Gemini pairs by order and name). */
function callPart(m: Message, call: ToolCall, lost: Lost): Json {
  if (isPartOf(call.raw, 'functionCall')) return call.raw;
  const args = isRecord(call.args) ? call.args : {};
  if (!isRecord(call.args)) lost.add(m.index, `the arguments of call ${call.id ?? call.name} are not a JSON object; functionCall args is sent as {}`);
  if (call.invalid || call.error !== undefined) lost.add(m.index, `the error of invalid call ${call.id ?? call.name} has no place in ${TARGET}`);
  const id = call.idMadeUp === undefined ? call.id : undefined;
  return { functionCall: { ...(id !== undefined && { id }), name: call.name, args } };
}

/** Parts in block order, each call where its block stood (calls with no block of their own last). */
function modelParts(m: Message, lost: Lost): Json[] {
  const parts = inBlockOrder(
    m,
    (call) => callPart(m, call, lost),
    (block) => {
      if (block.kind === 'reasoning' && !isGeminiPart(block.raw)) {
        lost.add(m.index, `reasoning has no place in ${TARGET} contents unless it is a thought part Gemini returned (with its thoughtSignature)`);
        return undefined;
      }
      if (block.kind === 'tool_call' && !isGeminiPart(block.raw)) {
        lost.add(m.index, `a ${block.type} block that is no call of this message has no place in ${TARGET} model parts`);
        return undefined;
      }
      const part = plainPart(block);
      if (!part) lost.add(m.index, `a ${block.type} block has no place in ${TARGET} model parts`);
      return part;
    },
  );
  answeredInsideLost(m, lost, TARGET);
  return parts;
}

function responsePart(m: Message, names: ReadonlyMap<string, string>, lost: Lost): Json {
  if (isPartOf(m.raw, 'functionResponse')) return m.raw;
  const name = resultName(m, names);
  if (name === undefined) lost.add(m.index, `a functionResponse needs the name of its function, and neither the result nor a call names it; written as ""`);
  if (m.toolCallId === undefined)
    lost.add(m.index, `a tool result without tool_call_id is written without an id: Gemini pairs it with a call by order and name`);
  if (m.status !== undefined && m.status !== 'success' && m.status !== 'error')
    lost.add(m.index, `status "${m.status}" has no place in a ${TARGET} functionResponse (an "error" key only)`);
  for (const block of m.content) if (block.kind !== 'text') lost.add(m.index, `a ${block.type} block has no place in a ${TARGET} functionResponse (text only)`);
  if (m.sourceType === 'model') lost.add(m.index, `a functionResponse found in a "model" turn goes back in a user turn`);
  // python-genai: 'Use "output" key to specify function output and "error" key to specify error details'.
  const response = m.status === 'error' ? { error: m.text } : { output: m.text };
  const id = m.toolCallIdMadeUp === true ? undefined : m.toolCallId;
  return { functionResponse: { ...(id !== undefined && { id }), name: name ?? '', response } };
}

/** Every system message goes to `systemInstruction`; Gemini has no system role in `contents`. */
function systemInstruction(messages: readonly Message[], lost: Lost): Request['systemInstruction'] {
  const firstOther = messages.findIndex((m) => m.role !== 'system');
  const systems = messages.filter((m) => m.role === 'system');
  for (const m of systems) {
    if (firstOther >= 0 && m.index > firstOther) lost.add(m.index, `a system message after the start moves to systemInstruction; its position is lost`);
    if (m.content.some((b) => b.kind !== 'text')) lost.add(m.index, `only text has a place in the ${TARGET} systemInstruction`);
  }
  if (systems.length > 1) lost.add(undefined, `the system messages become one systemInstruction, read back as one system message`);
  const parts = systems.flatMap((m) =>
    m.content.length === 0 ? [{ text: m.text }] : m.content.flatMap((b) => (b.kind !== 'text' ? [] : isGeminiPart(b.raw) ? [b.raw] : [{ text: b.text ?? '' }])),
  );
  return systems.length === 0 ? undefined : { parts };
}

/** A message's parts and the content they go in. */
interface Placed {
  role: Content['role'];
  parts: Json[];
  content: number;
}

export function toGemini(t: Transcript, lost: Lost): Request {
  const names = callNames(t.messages);
  const contentOf = geminiContents(t.messages);
  const placed = convertEach(t.messages, lost, (m): Placed | undefined => {
    const content = contentOf[m.index] ?? -1;
    requestLosses(m, lost, TARGET);
    if (m.name !== undefined && m.role !== 'tool') lost.add(m.index, `${TARGET} contents have no name`);
    switch (m.role) {
      case 'system':
      case 'other':
        return undefined;
      case 'human':
        return { role: 'user', parts: userParts(m, lost), content };
      case 'ai':
        return { role: 'model', parts: modelParts(m, lost), content };
      case 'tool':
        return { role: 'user', parts: [responsePart(m, names, lost)], content };
    }
  });
  // A message left out (its conversion failed) leaves no gap: contents are numbered as they are written.
  const contents: Content[] = [];
  let last: Placed | undefined;
  for (const next of placed) {
    const open = contents.at(-1);
    if (open && last?.content === next.content) pushAll(open.parts, next.parts);
    else contents.push({ role: next.role, parts: next.parts });
    last = next;
  }
  const system = systemInstruction(t.messages, lost);
  return { ...(system !== undefined && { systemInstruction: system }), contents };
}
