import { linkToolCalls } from '../../core/links';
import type { Finding, Message, Role, ToolCall, Transcript } from '../../core/model';
import type { TranscriptView } from '../../protocol/workerApi';
import { buildView } from '../../worker/view';

/** A message for store tests, with defaults for every field the test does not set. */
export function testMessage(index: number, role: Role, fields: Partial<Message> = {}): Message {
  return {
    index,
    role,
    sourceType: role,
    content: [],
    text: '',
    toolCalls: [],
    invalidToolCalls: [],
    raw: {},
    location: { path: `[${index}]` },
    ...fields,
  };
}

export function testCall(id: string, name = 'lookup'): ToolCall {
  return { id, name, args: {}, raw: {} };
}

export function testTranscript(messages: Message[], findings: Finding[] = []): Transcript {
  const links = linkToolCalls(messages);
  return {
    format: 'test',
    formatLabel: 'Test',
    kind: 'history',
    messages,
    links,
    findings,
    verdicts: [],
    tokens: {
      totals: { input: 0, output: 0, total: 0, cacheRead: 0, cacheCreation: 0, reasoning: 0, messagesWithUsage: 0 },
      cumulative: messages.map(() => 0),
      perTool: [],
      perModel: [],
    },
  };
}

/** The page's view of `testTranscript(messages, findings)`. */
export function testView(messages: Message[], findings: Finding[] = []): TranscriptView {
  return buildView(testTranscript(messages, findings));
}
