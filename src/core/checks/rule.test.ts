import { describe, expect, it } from 'vitest';
import { ai, build, human } from '../testing/messages';
import { report } from './rule';

const RULE = { id: 'duplicate-tool-call-id', severity: 'error' } as const;
const messages = build(human('a', { id: 'm0' }), ai({ id: 'm1' }), ai());
const REJECTION = { target: 'openai-chat', error: 'Invalid parameter: duplicate tool_call_id.' } as const;

describe('report', () => {
  it('lists the rule’s fields in their order, then rule, severity, rejectedBy and messageId: the JSON report’s key order', () => {
    const finding = report(
      RULE,
      messages,
      {
        messageIndex: 1,
        toolCallId: 'call_1',
        related: [0],
        text: 'Call id "call_1" is issued twice.',
        why: 'Ambiguous.',
        fix: 'Rename it.',
      },
      { rejectedBy: [REJECTION] },
    );
    expect(Object.keys(finding)).toEqual(['messageIndex', 'toolCallId', 'related', 'text', 'why', 'fix', 'rule', 'severity', 'rejectedBy', 'messageId']);
    expect(finding).toMatchObject({ rule: RULE.id, severity: 'error', messageId: 'm1', rejectedBy: [REJECTION] });
    expect(finding.why).toBe('Ambiguous.\nOpenAI Chat Completions rejects it: Invalid parameter: duplicate tool_call_id.');
  });

  it('adds `related` after the severity when the rule gave none, and no `rejectedBy` or `messageId` when there are none', () => {
    const finding = report(RULE, messages, { messageIndex: 2, text: 't', why: 'w', fix: 'f' }, { notes: ['A note.'] });
    expect(Object.keys(finding)).toEqual(['messageIndex', 'text', 'why', 'fix', 'rule', 'severity', 'related']);
    expect(finding.related).toEqual([]);
    expect(finding.why).toBe('w\nA note.');
  });

  it('keeps each related message once, in first-seen order, without the message itself', () => {
    const at = (related: number[]) => report(RULE, messages, { messageIndex: 1, related, text: 't', why: 'w', fix: 'f' }).related;
    expect(at([2, 1, 0, 2, 0])).toEqual([2, 0]);
    const many = Array.from({ length: 40 }, (_, i) => 39 - (i % 20));
    expect(at(many)).toEqual(Array.from({ length: 20 }, (_, i) => 39 - i).filter((i) => i !== 1));
  });
});
