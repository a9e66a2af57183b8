import type { Finding, Message, ToolCall } from '../model';
import { langchainInvalidCallReply } from '../providers/langgraph/errors';
import { openaiChatMissingResult } from '../providers/openaiChat';
import { at, atStart, clip, messageRule, report, type MessageRule } from './rule';
import { stringifyJson } from '../json/value';

export const invalidToolCall: MessageRule<'invalid-tool-call'> = messageRule({
  id: 'invalid-tool-call',
  severity: 'error',
  scope: 'neutral',
  perMessage:
    ({ messages, links }, findings: Finding[]) =>
    (m) => {
      for (const c of m.invalidToolCalls) {
        const answer = c.id === undefined ? undefined : links.get(c.id)?.results[0];
        findings.push(invalidEntry(messages, m, c, answer));
      }
      for (const c of m.toolCalls) if (c.error !== undefined) findings.push(unparsableArgs(messages, m, c));
    },
});

const argsOf = (c: ToolCall): string => clip(c.argsText ?? (typeof c.args === 'string' ? c.args : (stringifyJson(c.args) ?? '')), 80);
const idOf = (c: ToolCall): string => (c.idMadeUp ? `at ${c.idMadeUp.path}` : c.id === undefined ? 'without an id' : `"${c.id}"`);
/** The id the input gave the call, not one the reader made up. */
const ownId = (c: ToolCall): string | undefined => (c.idMadeUp ? undefined : c.id);

function invalidEntry(messages: readonly Message[], m: Message, c: ToolCall, answer: number | undefined): Finding {
  const langchainReply = `LangChain's own answer for such a call (tool_messages_from_invalid_tool_calls) reads: ${langchainInvalidCallReply(c.name, c.error ?? '')}`;
  const unparsed = "The model's arguments could not be parsed, so the tool never ran.";
  const base = {
    messageIndex: m.index,
    ...(c.id !== undefined && { toolCallId: c.id }),
    text: `${atStart(m.index)} has an invalid ${c.name} call ${idOf(c)}${c.error ? `: ${clip(c.error)}` : ''} (arguments: ${argsOf(c)})`,
  };
  if (answer !== undefined) {
    return report(
      invalidToolCall,
      messages,
      {
        ...base,
        why: unparsed,
        fix: `${atStart(answer)} already answers it with an error; if the model keeps sending bad arguments, check the tool's schema and description.`,
      },
      { notes: [langchainReply] },
    );
  }
  const id = ownId(c);
  const answerId = id === undefined ? '' : ` with tool_call_id="${id}"`;
  return report(
    invalidToolCall,
    messages,
    {
      ...base,
      why: `${unparsed} ToolNode runs only tool_calls, so nothing answers it; yet langchain-openai sends invalid_tool_calls to OpenAI as tool_calls, and OpenAI then wants an answer.`,
      fix: `Answer it with a ToolMessage${answerId} and status "error" right after ${at(m.index)}, so the model sees the parse error, or remove it from invalid_tool_calls.`,
    },
    { rejectedBy: c.id === undefined ? [] : [openaiChatMissingResult(c.idMadeUp?.path ?? c.id)], notes: [langchainReply] },
  );
}

function unparsableArgs(messages: readonly Message[], m: Message, c: ToolCall): Finding {
  return report(invalidToolCall, messages, {
    messageIndex: m.index,
    ...(c.id !== undefined && { toolCallId: c.id }),
    text: `The ${c.name} call ${idOf(c)} in ${at(m.index)} has arguments that are not valid JSON: ${argsOf(c)} (${clip(c.error ?? '')})`,
    // No target is on record as rejecting unparsable arguments in a request, so none is claimed.
    why: 'OpenAI Chat and Responses carry arguments as a JSON string, and Anthropic, Gemini and LangChain need a JSON object, so this call cannot be run, converted or replayed as written. LangChain turns it into an invalid_tool_call, which ToolNode does not run.',
    fix: `Repair the arguments of the call in ${at(m.index)} so they parse as a JSON object, or remove the call together with its result.`,
  });
}
