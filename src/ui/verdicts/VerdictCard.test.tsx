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
});
