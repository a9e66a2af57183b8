// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallChip } from '../../protocol/workerApi';
import { ToolCallChip } from './ToolCallChip';

afterEach(cleanup);

const lookup: CallChip = { id: 'call_1', name: 'lookup', args: '{"q":"weather"}', invalid: false, result: 5 };

function renderChip(call: CallChip, handlers: { onHover?: (id: string | null) => void; onClick?: () => void; onCardClick?: () => void } = {}) {
  return render(
    <div onClick={handlers.onCardClick}>
      <ToolCallChip call={call} messageIndex={2} highlighted={false} onHover={handlers.onHover ?? vi.fn()} onClick={handlers.onClick ?? vi.fn()}>
        <button type="button">↓ 3</button>
      </ToolCallChip>
    </div>,
  );
}

describe('ToolCallChip', () => {
  it('shows the tool, its arguments and where its result is', () => {
    renderChip(lookup);
    const chip = screen.getByRole('button', { name: /lookup/ });
    expect(chip.textContent).toBe('lookup{"q":"weather"}→ #5');
    expect(chip.title).toBe('lookup · id call_1');
    // What the container puts after the chip (the link to an off-screen result).
    expect(screen.getByRole('button', { name: '↓ 3' })).toBeTruthy();
  });

  it('says when the arguments are invalid, why, and when no result answers the call', () => {
    renderChip({ id: 'call_2', name: 'lookup', args: '{"q":', invalid: true, error: 'Unexpected end of JSON input' });
    const chip = screen.getByRole('button', { name: /lookup/ });
    expect(screen.getByText('invalid')).toBeTruthy();
    expect(screen.getByText('no result')).toBeTruthy();
    expect(chip.title).toBe('lookup · id call_2 · Unexpected end of JSON input');
  });

  it('says a pending call awaits its result, not that it has none', () => {
    renderChip({ id: 'call_3', name: 'lookup', args: '{}', invalid: false, pending: true });
    const target = screen.getByText('awaits result');
    expect(target.className).toBe('tool-call-target pending');
    expect(screen.queryByText('no result')).toBeNull();
  });

  it('names a call without a name as such', () => {
    renderChip({ name: '', args: '{}', invalid: false });
    expect(screen.getByRole('button', { name: /\(unnamed\)/ }).title).toBe('id (none)');
  });

  it('calls back on a click, which the card around it does not also get', async () => {
    const onClick = vi.fn();
    const onCardClick = vi.fn();
    renderChip(lookup, { onClick, onCardClick });
    await userEvent.click(screen.getByRole('button', { name: /lookup/ }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onCardClick).not.toHaveBeenCalled();
  });

  it('reports its id while hovered, and null when the pointer leaves', async () => {
    const onHover = vi.fn();
    renderChip(lookup, { onHover });
    const chip = screen.getByRole('button', { name: /lookup/ });
    await userEvent.hover(chip);
    expect(onHover).toHaveBeenLastCalledWith('call_1');
    await userEvent.unhover(chip);
    expect(onHover).toHaveBeenLastCalledWith(null);
  });

  it('reports no hover for a call without an id: there is nothing to highlight', async () => {
    const onHover = vi.fn();
    renderChip({ name: 'lookup', args: '{}', invalid: false }, { onHover });
    await userEvent.hover(screen.getByRole('button', { name: /lookup/ }));
    expect(onHover).not.toHaveBeenCalled();
  });
});
