import type { Finding, Message, Role, Severity, Transcript } from '../core/model';

/** Lookups the views need often, built once per transcript. */
export interface TranscriptIndex {
  findingsByMessage: Map<number, Finding[]>;
  severityCounts: Record<Severity, number>;
  roleCounts: Record<Role, number>;
  /** Lower-cased searchable text of message i, built on first search. */
  searchText(index: number): string;
}

export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];
export const ROLES: readonly Role[] = ['system', 'human', 'ai', 'tool', 'other'];

function haystack(message: Message): string {
  const parts = [message.text, message.name, message.id, message.sourceType, message.toolCallId, message.model];
  for (const call of [...message.toolCalls, ...message.invalidToolCalls]) parts.push(call.name, call.id, call.argsText);
  return parts.filter((part): part is string => typeof part === 'string').join('\n').toLowerCase();
}

function buildIndex(transcript: Transcript): TranscriptIndex {
  const findingsByMessage = new Map<number, Finding[]>();
  const severityCounts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const finding of transcript.findings) {
    severityCounts[finding.severity] += 1;
    const list = findingsByMessage.get(finding.messageIndex);
    if (list) list.push(finding);
    else findingsByMessage.set(finding.messageIndex, [finding]);
  }
  const roleCounts: Record<Role, number> = { system: 0, human: 0, ai: 0, tool: 0, other: 0 };
  for (const message of transcript.messages) roleCounts[message.role] += 1;

  const searchCache: (string | undefined)[] = [];
  const searchText = (index: number): string => {
    let text = searchCache[index];
    if (text === undefined) {
      const message = transcript.messages[index];
      text = message ? haystack(message) : '';
      searchCache[index] = text;
    }
    return text;
  };
  return { findingsByMessage, severityCounts, roleCounts, searchText };
}

const cache = new WeakMap<Transcript, TranscriptIndex>();

export function indexOf(transcript: Transcript): TranscriptIndex {
  let index = cache.get(transcript);
  if (!index) {
    index = buildIndex(transcript);
    cache.set(transcript, index);
  }
  return index;
}
