// Builders for hand-written Message[] in tests: defaults for every required field, so a test
// states only what it is about.
import type { Message, Role, ToolCall, Usage } from '../model';

export type Draft = Omit<Message, 'index' | 'location'> & Partial<Pick<Message, 'location'>>;

function draft(role: Role, fields: Partial<Message>): Draft {
  const text = fields.text ?? '';
  return {
    role,
    sourceType: role,
    content: text === '' ? [] : [{ kind: 'text', type: 'text', text, raw: text }],
    text,
    toolCalls: [],
    invalidToolCalls: [],
    raw: {},
    ...fields,
  };
}

export const system = (text = 'You are helpful.', fields: Partial<Message> = {}): Draft => draft('system', { text, ...fields });

export const human = (text = 'Hello', fields: Partial<Message> = {}): Draft => draft('human', { text, ...fields });

export const ai = (fields: Partial<Message> = {}): Draft => draft('ai', fields);

export const tool = (toolCallId: string, fields: Partial<Message> = {}): Draft => draft('tool', { toolCallId, status: 'success', text: 'ok', ...fields });

export const other = (problem: string, fields: Partial<Message> = {}): Draft => draft('other', { problem, ...fields });

export const call = (id: string, name = 'search', fields: Partial<ToolCall> = {}): ToolCall => ({
  id,
  name,
  args: {},
  raw: {},
  ...fields,
});

/** Usage as a source would report it; `total` given means the source reported one. */
export const usage = (input: number, output: number, total?: number, extra: Partial<Usage> = {}): Usage => ({
  input,
  output,
  total: total ?? input + output,
  totalReported: total !== undefined,
  ...extra,
});

/** Numbers the drafts in order, as the importer does. */
export const build = (...drafts: Draft[]): Message[] => drafts.map((d, index) => ({ location: { path: `messages[${index}]` }, ...d, index }));
