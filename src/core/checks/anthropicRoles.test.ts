import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { ai, build, call, human, system, tool } from '../testing/messages';
import { anthropicRoles } from './anthropicRoles';

describe('anthropic-roles', () => {
  it('warns when the first turn after the system prompt is an AI message', () => {
    const findings = check(anthropicRoles, build(system(), ai({ text: 'Hi!' }), human()));
    expect(brief(findings)).toEqual([{ rule: 'anthropic-roles', at: 1 }]);
    expect(findings[0]?.severity).toBe('warning');
    expect(findings[0]?.rejectedBy).toBeUndefined();
    expect(findings[0]?.why).toContain('messages: first message must use the "user" role');
  });

  it('warns at the second of two AI messages in a row, and of two human messages in a row', () => {
    const findings = check(anthropicRoles, build(human(), ai({ text: 'a' }), ai({ text: 'b' }), human('x'), human('y')));
    expect(brief(findings)).toEqual([
      { rule: 'anthropic-roles', at: 2 },
      { rule: 'anthropic-roles', at: 4 },
    ]);
    expect(findings[0]?.text).toBe('Message #2 starts a second assistant turn in a row, after message #1.');
    expect(findings[0]?.why).toContain('found multiple "assistant" roles in a row');
  });

  it('follows the wire turns an adapter gives', () => {
    const messages = build(human('a', { turn: 0 }), ai({ turn: 1 }), ai({ turn: 1 }), human('b', { turn: 2 }));
    expect(check(anthropicRoles, messages)).toEqual([]);
  });

  it('does not warn for tool results followed by human text: they share one user turn', () => {
    const messages = build(system(), human(), ai({ toolCalls: [call('a')] }), tool('a'), human('thanks'), ai({ text: 'ok' }));
    expect(check(anthropicRoles, messages)).toEqual([]);
  });

  it('does not ask a lone response to start with the user: it is the model turn, not a request', () => {
    const messages = build(ai({ text: 'Sunny.' }));
    expect(check(anthropicRoles, messages, 'response')).toEqual([]);
    expect(brief(check(anthropicRoles, messages, 'history'))).toEqual([{ rule: 'anthropic-roles', at: 0 }]);
  });
});
