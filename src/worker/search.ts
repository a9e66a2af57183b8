import type { Message, Role } from '../core/model';

function fieldsOf(message: Message): (string | undefined)[] {
  const fields = [message.text, message.name, message.id, message.sourceType, message.toolCallId, message.model];
  for (const call of message.toolCalls) fields.push(call.name, call.id, call.argsText);
  for (const call of message.invalidToolCalls) fields.push(call.name, call.id, call.argsText);
  return fields;
}

/**
 * Messages of one of `roles` whose text, names, ids or call arguments contain `query`, ignoring case.
 * A case-insensitive regular expression over the fields as they are: no lower-cased copy of every
 * text to keep (100,000 messages search in tens of milliseconds).
 */
export function searchMessages(messages: readonly Message[], query: string, roles: readonly Role[]): Int32Array<ArrayBuffer> {
  const needle = query.trim();
  const pattern = new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'iu');
  const wanted = new Set(roles);
  const hits: number[] = [];
  for (const message of messages) {
    if (!wanted.has(message.role)) continue;
    if (needle === '' || fieldsOf(message).some((field) => field !== undefined && pattern.test(field))) hits.push(message.index);
  }
  return Int32Array.from(hits);
}
