// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Verdict } from '../../core/model';
import { VerdictsPanel } from './VerdictsPanel';

afterEach(cleanup);

const verdict = (fields: Partial<Verdict>): Verdict => ({ target: 'openai-chat', label: 'OpenAI Chat Completions', accepted: true, problems: [], ...fields });

describe('VerdictCard', () => {
  it('most messages not read: says it cannot judge, how many were not read and as what, never that it accepts', () => {
    render(<VerdictsPanel verdicts={[verdict({ unjudged: { unread: 12, total: 12 } })]} formatLabel="LangChain stored messages" />);
    const card = screen.getByTestId('verdict');
    expect(card.dataset.unjudged).toBe('true');
    expect(card.getAttribute('aria-label')).toBe('OpenAI Chat Completions: cannot judge');
    expect(card.textContent).not.toContain('accepts');
    expect(screen.getByTestId('verdict-unjudged').textContent).toMatch(/^12 of 12 messages were not read as LangChain stored messages: /);
  });

  it('read: accepts, and says nothing of unread messages', () => {
    render(<VerdictsPanel verdicts={[verdict({})]} formatLabel="OpenAI Chat Completions" />);
    expect(screen.getByTestId('verdict').getAttribute('aria-label')).toBe('OpenAI Chat Completions: accepts');
    expect(screen.getByTestId('verdict').dataset.unjudged).toBeUndefined();
    expect(screen.queryByTestId('verdict-unjudged')).toBeNull();
  });

  it('a problem folding 480 pending calls: counts them, links the first of their messages and ids, says how many more', () => {
    const ids = Array.from({ length: 20 }, (_, i) => `call_${20 + i}`);
    const messageIndices = Array.from({ length: 20 }, (_, i) => i + 1);
    const single = {
      rule: 'pending-tool-call' as const,
      error: 'No tool output found for function call call_0.',
      messageIndices: [1],
      ids: ['call_0'],
      fix: 'Run it.',
    };
    const folded = { ...single, error: 'No tool output found for function call call_20.', messageIndices, ids, count: 480 };
    render(<VerdictsPanel verdicts={[verdict({ pending: [single, folded] })]} formatLabel="OpenAI Chat Completions" />);
    const card = screen.getByTestId('verdict');
    expect(card.dataset.pending).toBe('481');
    expect(card.getAttribute('aria-label')).toBe('OpenAI Chat Completions: accepts, once the next request carries the results of 481 pending calls');
    const [, problem] = screen.getAllByTestId('verdict-problem');
    expect(problem?.querySelectorAll('[data-testid=verdict-message]')).toHaveLength(10);
    expect(problem?.querySelectorAll('.verdict-id')).toHaveLength(10);
    expect(problem?.textContent).toContain('and 10 more');
    expect(screen.getByTestId('verdict-count').dataset.count).toBe('480');
  });
});
