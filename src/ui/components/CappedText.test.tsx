// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CappedText } from './CappedText';

afterEach(cleanup);

describe('CappedText', () => {
  it('shows a text under its cap whole', () => {
    render(<CappedText text="short output" testId="out" />);
    expect(screen.getByTestId('out').textContent).toBe('short output');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the cap, then 200,000 more characters a click, then the rest', async () => {
    const text = 'z'.repeat(450_000);
    render(<CappedText text={text} cap={1000} testId="out" />);
    expect(screen.getByTestId('out').textContent).toBe(`${'z'.repeat(1000)}…`);
    await userEvent.click(screen.getByRole('button', { name: 'Show 200.0k characters more (449.0k characters left)' }));
    expect(screen.getByTestId('out').textContent).toHaveLength(201_001);
    await userEvent.click(screen.getByRole('button', { name: 'Show 200.0k characters more (249.0k characters left)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show all (49.0k characters more)' }));
    expect(screen.getByTestId('out').textContent).toBe(text);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
