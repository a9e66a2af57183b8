// `dumpd` / `dumps` (Python) and `toJSON` (JS): `{"lc": 1, "type": "constructor", "id": [..., "AIMessage"], "kwargs": {...}}`.
// The class name is the last id element, so Python (`langchain.schema.messages`), JS
// (`langchain_core.messages`) and old (`langchain_core.messages.ai`) namespaces all read alike.
import { MAX_DEPTH } from '../../json/depth';
import { isRecord, kindOf, setField } from '../../json/value';
import { readMessage } from '../common/messageFields';
import type { FormatAdapter, MessageDraft } from '../types';
import { readMessageList, scoreList, WRAPPERS, type Unreadable } from '../common/messageList';

const EXPECTS = `{"lc": 1, "type": "constructor", "id": [..., "AIMessage"], "kwargs": {...}} objects (dumpd / toJSON) ${WRAPPERS}`;

function readSerialized(element: unknown, path: string): MessageDraft | Unreadable {
  if (!isRecord(element) || element.lc !== 1) {
    const got = isRecord(element) ? 'an object without "lc": 1' : kindOf(element);
    return { unreadable: `expected a LangChain serialized object {"lc": 1, "type": "constructor", ...}, got ${got}` };
  }
  if (element.type === 'not_implemented') {
    const repr = typeof element.repr === 'string' ? `: ${element.repr}` : '';
    return { unreadable: `LangChain could not serialize this object (type "not_implemented")${repr}` };
  }
  if (element.type === 'secret') return { unreadable: 'a LangChain secret reference, not a message' };
  if (element.type !== 'constructor') return { unreadable: `unknown serialized type ${JSON.stringify(element.type)}: expected "constructor"` };
  const className: unknown = Array.isArray(element.id) ? element.id[element.id.length - 1] : undefined;
  if (typeof className !== 'string') return { unreadable: '`id` must be a list ending in a class name such as "AIMessage"' };
  if (!isRecord(element.kwargs)) return { unreadable: 'expected `kwargs` (an object)' };
  const kwargs: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(element.kwargs)) setField(kwargs, key, unescape(value));
  return readMessage(className, kwargs, element, { path });
}

const ESCAPED = '__lc_escaped__';

/**
 * langchain-core 1.2 wraps user dicts that contain an "lc" key as `{"__lc_escaped__": {...}}`; the
 * wrapped dict comes back as is, without further unescaping (load/_validation.py). Copies only what changes.
 */
function unescape(value: unknown, depth = 0): unknown {
  // As deep as input nests (json/depth) and no deeper: what lies below is kept as it is.
  if (depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const plain = unescape(item, depth + 1);
      if (plain === item) return;
      copy ??= value.slice();
      copy[i] = plain;
    });
    return copy ?? value;
  }
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === ESCAPED) return value[ESCAPED];
  let copy: Record<string, unknown> | undefined;
  for (const key of keys) {
    const plain = unescape(value[key], depth + 1);
    if (plain === value[key]) continue;
    copy ??= { ...value };
    setField(copy, key, plain);
  }
  return copy ?? value;
}

export const langchainSerialized: FormatAdapter = {
  name: 'langchain-serialized',
  label: 'LangChain serialized (dumpd)',
  expects: EXPECTS,
  detect: (input) => scoreList(input, (element) => (isRecord(element) && element.lc === 1 && typeof element.type === 'string' ? 100 : 0)),
  read: (input) => ({ messages: readMessageList(input, readSerialized, EXPECTS) }),
};
