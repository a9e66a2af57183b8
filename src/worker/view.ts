import { listFormats } from '../core/formats/registry';
import { messageTimes } from '../core/timestamps';
import type { Conversation, Message, Severity, Transcript } from '../core/model';
import { ROLE_ORDER, type ConversationSummary, type LinkTable, type MessageColumns, type TranscriptView } from '../protocol/workerApi';
import { CARD_FLAG } from '../protocol/timelineView';
import { previewLines } from './text';

const ROLE_CODE = new Map(ROLE_ORDER.map((role, code) => [role, code]));

function flagsOf(message: Message): number {
  let flags = 0;
  if (message.toolCallId !== undefined || message.role === 'tool') flags |= CARD_FLAG.resultRow;
  if (message.usage !== undefined || message.model !== undefined) flags |= CARD_FLAG.footer;
  if (message.content.some((block) => block.kind !== 'text' && block.kind !== 'tool_call' && block.kind !== 'tool_result')) {
    flags |= CARD_FLAG.contentKinds;
  }
  if (message.problem !== undefined) flags |= CARD_FLAG.problem;
  if (message.status === 'error') flags |= CARD_FLAG.statusError;
  return flags;
}

function columnsOf(transcript: Transcript): MessageColumns {
  const n = transcript.messages.length;
  const columns: MessageColumns = {
    role: new Uint8Array(n),
    flags: new Uint8Array(n),
    textLength: new Uint32Array(n),
    previewLines: new Uint8Array(n),
    callCount: new Uint8Array(n),
    usageTotal: new Float64Array(n),
    cumulative: Float64Array.from(transcript.tokens.cumulative),
    timeMs: messageTimes(transcript.messages),
  };
  for (let i = 0; i < n; i++) {
    const message = transcript.messages[i]!;
    columns.role[i] = ROLE_CODE.get(message.role) ?? ROLE_ORDER.length - 1;
    columns.flags[i] = flagsOf(message);
    columns.textLength[i] = message.text.length;
    columns.previewLines[i] = previewLines(message.text);
    columns.callCount[i] = Math.min(255, message.toolCalls.length + message.invalidToolCalls.length);
    columns.usageTotal[i] = message.usage?.total ?? -1;
  }
  return columns;
}

function linkTableOf(transcript: Transcript): LinkTable {
  const links = transcript.links.values();
  const callStart = new Int32Array(links.length + 1);
  const resultStart = new Int32Array(links.length + 1);
  const failed = new Uint8Array(links.length);
  const linksPerMessage = new Int32Array(transcript.messages.length + 1);
  links.forEach((link, i) => {
    callStart[i + 1] = callStart[i]! + link.calls.length;
    resultStart[i + 1] = resultStart[i]! + link.results.length;
    for (const call of link.calls) linksPerMessage[call.messageIndex + 1]! += 1;
    for (const result of link.results) {
      linksPerMessage[result + 1]! += 1;
      if (transcript.messages[result]?.status === 'error') failed[i] = 1;
    }
  });
  const messageLinkStart = new Int32Array(transcript.messages.length + 1);
  for (let m = 0; m < transcript.messages.length; m++) messageLinkStart[m + 1] = messageLinkStart[m]! + linksPerMessage[m + 1]!;
  const callMessages = new Int32Array(callStart[links.length]!);
  const resultMessages = new Int32Array(resultStart[links.length]!);
  const messageLinks = new Int32Array(messageLinkStart[transcript.messages.length]!);
  const filled = messageLinkStart.slice(0, -1);
  links.forEach((link, i) => {
    link.calls.forEach((call, k) => {
      callMessages[callStart[i]! + k] = call.messageIndex;
      messageLinks[filled[call.messageIndex]!++] = i;
    });
    link.results.forEach((result, k) => {
      resultMessages[resultStart[i]! + k] = result;
      messageLinks[filled[result]!++] = i;
    });
  });
  return { ids: links.map((link) => link.id), callStart, callMessages, resultStart, resultMessages, failed, messageLinkStart, messageLinks };
}

function summaryOf({ label, transcript, parent }: Conversation): ConversationSummary {
  const count = (severity: Severity) => transcript.findings.filter((f) => f.severity === severity).length;
  return {
    label,
    count: transcript.messages.length,
    toolCalls: transcript.links.callCount,
    errors: count('error'),
    warnings: count('warning'),
    ...(parent && { parent }),
  };
}

/**
 * What the page keeps of a transcript: numbers per message in typed columns, the link table, and the small parts
 * whole; for a conversation of a file of several, the list of them and its position.
 */
export function buildView(transcript: Transcript, collection?: { conversations: readonly Conversation[]; open: number }): TranscriptView {
  const { totals, perTool, perModel } = transcript.tokens;
  return {
    format: transcript.format,
    formatLabel: transcript.formatLabel,
    kind: transcript.kind,
    formats: listFormats().map(({ name, label }) => ({ name, label })),
    count: transcript.messages.length,
    toolCalls: transcript.links.callCount,
    columns: columnsOf(transcript),
    links: linkTableOf(transcript),
    findings: transcript.findings,
    verdicts: transcript.verdicts,
    tokens: { totals, perTool, perModel },
    ...(transcript.notes ? { notes: transcript.notes } : {}),
    ...(collection && { collection: { conversations: collection.conversations.map(summaryOf), open: collection.open } }),
  };
}

/** The buffers to transfer rather than copy. */
export function viewBuffers(view: TranscriptView): ArrayBuffer[] {
  const { columns: c, links: l } = view;
  const arrays: { buffer: ArrayBuffer }[] = [c.role, c.flags, c.textLength, c.previewLines, c.callCount, c.usageTotal, c.cumulative, c.timeMs];
  arrays.push(l.callStart, l.callMessages, l.resultStart, l.resultMessages, l.failed, l.messageLinkStart, l.messageLinks);
  return arrays.map((array) => array.buffer);
}
