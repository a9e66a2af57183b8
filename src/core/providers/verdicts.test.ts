import { describe, expect, it } from 'vitest';
import { buildTranscript } from '../analyze';
import { redisLogs, toolErrorRetry, weatherOrphan } from '../testing/fixtureModels';
import { ai, build, call, human, other, tool } from '../testing/messages';
import type { Message, ProviderTarget } from '../model';
import { TARGETS } from './targets';
import { computeVerdicts, unjudgedReason } from './verdicts';

const verdictsOf = (messages: Message[]) => buildTranscript({ name: 't', label: 'T' }, messages).verdicts;
const accepted = (messages: Message[]): Record<ProviderTarget, boolean> =>
  Object.fromEntries(verdictsOf(messages).map((v) => [v.target, v.accepted])) as Record<ProviderTarget, boolean>;

describe('computeVerdicts', () => {
  it('has one verdict per target, in order, all accepted without findings', () => {
    const verdicts = computeVerdicts([]);
    expect(verdicts.map((v) => v.target)).toEqual(TARGETS);
    expect(verdicts.map((v) => v.label)).toEqual([
      'OpenAI Chat Completions',
      'OpenAI Responses',
      'Anthropic Messages',
      'Gemini',
      "LangGraph's create_react_agent",
    ]);
    expect(verdicts.every((v) => v.accepted && v.problems.length === 0)).toBe(true);
  });

  it('accepts a clean run everywhere', () => {
    expect(Object.values(accepted(redisLogs))).toEqual([true, true, true, true, true]);
  });

  it('a result after a human turn: LangGraph accepts (it checks presence only), the providers refuse', () => {
    const messages = build(human(), ai({ toolCalls: [call('a')] }), human('and?'), tool('a'));
    expect(accepted(messages)).toEqual({
      'openai-chat': false,
      'openai-responses': true,
      anthropic: false,
      gemini: false,
      langgraph: true,
    });
  });

  it('a call never answered: every target refuses, each with its own text', () => {
    const verdicts = verdictsOf(build(human(), ai({ id: 'ai_1', toolCalls: [call('a', 'search')] }), human('next')));
    expect(verdicts.every((v) => !v.accepted)).toBe(true);
    const anthropic = verdicts.find((v) => v.target === 'anthropic');
    expect(anthropic?.problems).toEqual([
      {
        rule: 'orphan-tool-call',
        error:
          'messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: a. Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
        messageIndices: [1],
        ids: ['a'],
        fix: 'Add a ToolMessage with tool_call_id="a" right after message #1, or remove the call from message #1.',
      },
    ]);
    expect(verdicts.find((v) => v.target === 'langgraph')?.problems[0]?.error).toContain("'id': 'a'");
  });

  it('a call that ends the history: every target accepts, and says the next request needs its result', () => {
    const verdicts = verdictsOf(build(human(), ai({ toolCalls: [call('a', 'search'), call('b', 'fetch')] }), tool('a')));
    expect(verdicts.every((v) => v.accepted && v.problems.length === 0)).toBe(true);
    const openai = verdicts.find((v) => v.target === 'openai-chat');
    expect(openai?.pending).toEqual([
      {
        rule: 'pending-tool-call',
        error:
          "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: b",
        messageIndices: [1],
        ids: ['b'],
        fix: 'Run the tool and add a ToolMessage with tool_call_id="b" after message #2 before sending the history again.',
      },
    ]);
    expect(verdicts.map((v) => v.pending?.length)).toEqual([1, 1, 1, 1, 1]);
  });

  it('weather-orphan: OpenAI Chat refuses the late and the unknown result; LangGraph only nothing', () => {
    const openai = verdictsOf(weatherOrphan).find((v) => v.target === 'openai-chat');
    expect(openai?.problems.map((p) => [p.rule, p.messageIndices[0], p.ids])).toEqual([
      ['tool-results-not-adjacent', 5, ['call_01_jD3phD5PEaIZf0mVLhKt0861']],
      ['orphan-tool-result', 6, ['call_abc123']],
    ]);
    expect(accepted(weatherOrphan).langgraph).toBe(true);
  });

  it('tool-error-retry: the unanswered invalid call is refused by OpenAI Chat only', () => {
    expect(accepted(toolErrorRetry)).toEqual({
      'openai-chat': false,
      'openai-responses': true,
      anthropic: true,
      gemini: true,
      langgraph: true,
    });
  });
});

describe('verdicts of a history mostly not read', () => {
  const unjudged = (messages: Message[]) => verdictsOf(messages).map((v) => v.unjudged);

  it('every message unread (a wrong Read as): no target accepts it silently, each says how many were not read', () => {
    const verdicts = verdictsOf(build(other('not a message'), other('not a message'), other('not a message')));
    expect(verdicts.map((v) => v.unjudged)).toEqual(TARGETS.map(() => ({ unread: 3, total: 3 })));
    // The field is added: what the findings say stays as it was.
    expect(verdicts.every((v) => v.accepted && v.problems.length === 0)).toBe(true);
  });

  it('more than half unread cannot be judged; half or fewer can', () => {
    expect(unjudged(build(human(), other('x'), other('y')))[0]).toEqual({ unread: 2, total: 3 });
    expect(unjudged(build(human(), other('x')))).toEqual(TARGETS.map(() => undefined));
    expect(unjudged(build(human(), ai(), other('x')))).toEqual(TARGETS.map(() => undefined));
    expect(unjudged(build())).toEqual(TARGETS.map(() => undefined));
  });

  it('a rejecting verdict keeps its problems and says as well that it could not read most messages', () => {
    const chat = verdictsOf(build(ai({ toolCalls: [call('a')] }), human('next'), other('x'), other('y'), other('z'))).find((v) => v.target === 'openai-chat');
    expect(chat).toMatchObject({ accepted: false, unjudged: { unread: 3, total: 5 } });
    expect(chat?.problems.map((p) => p.rule)).toEqual(['orphan-tool-call']);
  });

  it('names the format the messages were read as', () => {
    expect(unjudgedReason({ unread: 12, total: 12 }, 'OpenAI Chat Completions')).toBe('12 of 12 messages were not read as OpenAI Chat Completions');
    expect(unjudgedReason({ unread: 1, total: 1 }, 'Gemini')).toBe('1 of 1 message was not read as Gemini');
  });
});
