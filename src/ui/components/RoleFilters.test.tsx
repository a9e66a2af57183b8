// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoleFilters } from './RoleFilters';

afterEach(cleanup);

const counts = { system: 1, human: 2, ai: 1200, tool: 0, other: 0 };

describe('RoleFilters', () => {
  it('shows a toggle per role the history has, with its count, pressed unless the role is hidden', () => {
    render(<RoleFilters counts={counts} hidden={['human']} onToggle={vi.fn()} />);
    const toggles = screen.getAllByTestId('role-filter');
    expect(toggles.map((t) => t.getAttribute('data-role'))).toEqual(['system', 'human', 'ai']);
    expect(toggles.map((t) => t.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'true']);
    expect(toggles[2]!.textContent).toContain('AI');
    expect(toggles[2]!.textContent).toContain('1,200');
  });

  it('asks to toggle the role clicked', async () => {
    const onToggle = vi.fn();
    render(<RoleFilters counts={counts} hidden={[]} onToggle={onToggle} />);
    await userEvent.click(screen.getByRole('button', { name: /AI/ }));
    expect(onToggle).toHaveBeenCalledWith('ai');
  });
});
