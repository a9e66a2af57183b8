// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolResultOf } from './ToolResultOf';

afterEach(cleanup);

const call = { messageIndex: 2, name: 'lookup' };

describe('ToolResultOf', () => {
  it('names the call a result answers and jumps there on a click, which the card does not also get', async () => {
    const onJump = vi.fn();
    const onCardClick = vi.fn();
    render(
      <div onClick={onCardClick}>
        <ToolResultOf toolCallId="call_1" call={call} status={undefined} highlighted={false} onHover={vi.fn()} onJump={onJump}>
          <button type="button">↑ 1</button>
        </ToolResultOf>
      </div>,
    );
    const link = screen.getByRole('button', { name: '↳ result of lookup call_1 · #2' });
    expect(link.title).toBe('Jump to the call in message #2');
    expect(screen.getByRole('button', { name: '↑ 1' })).toBeTruthy();
    await userEvent.click(link);
    expect(onJump).toHaveBeenCalledTimes(1);
    expect(onCardClick).not.toHaveBeenCalled();
  });

  it('reports the call id while hovered, and null when the pointer leaves', async () => {
    const onHover = vi.fn();
    render(<ToolResultOf toolCallId="call_1" call={call} status="success" highlighted={false} onHover={onHover} onJump={vi.fn()} />);
    const link = screen.getByRole('button', { name: /result of/ });
    await userEvent.hover(link);
    expect(onHover).toHaveBeenLastCalledWith('call_1');
    await userEvent.unhover(link);
    expect(onHover).toHaveBeenLastCalledWith(null);
  });

  it('says when no call matches, with or without an id, and nothing to click', () => {
    const { rerender } = render(
      <ToolResultOf toolCallId="call_9" call={undefined} status={undefined} highlighted={false} onHover={vi.fn()} onJump={vi.fn()} />,
    );
    expect(screen.getByText('↳ no matching call · call_9')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<ToolResultOf toolCallId={undefined} call={undefined} status={undefined} highlighted={false} onHover={vi.fn()} onJump={vi.fn()} />);
    expect(screen.getByText('↳ no matching call (no tool_call_id)')).toBeTruthy();
  });

  it('shows a status other than success', () => {
    const { rerender } = render(<ToolResultOf toolCallId="call_1" call={call} status="error" highlighted={false} onHover={vi.fn()} onJump={vi.fn()} />);
    expect(screen.getByText('error')).toBeTruthy();
    rerender(<ToolResultOf toolCallId="call_1" call={call} status="success" highlighted={false} onHover={vi.fn()} onJump={vi.fn()} />);
    expect(screen.queryByText('success')).toBeNull();
  });
});
