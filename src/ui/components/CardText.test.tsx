// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_CHARS, CARD_LINES } from '../../protocol/timelineView';
import { CardText } from './CardText';

afterEach(cleanup);

const noop = () => undefined;

describe('CardText', () => {
  it('shows a short message whole, with nothing to unfold', () => {
    render(<CardText text="The weather is fine." textLength={20} expanded={false} fullText={null} onToggle={noop} />);
    expect(screen.getByText('The weather is fine.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it(`cuts a long message after ${CARD_CHARS} characters and unfolds it on request, without the click reaching the card`, async () => {
    const text = 'x'.repeat(1000);
    const onToggle = vi.fn();
    const onCardClick = vi.fn();
    render(
      <div onClick={onCardClick}>
        <CardText text={text} textLength={1000} expanded={false} fullText={null} onToggle={onToggle} />
      </div>,
    );
    expect(screen.getByText(`${'x'.repeat(CARD_CHARS)}…`)).toBeTruthy();
    expect(screen.getByText('400 characters more')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(onCardClick).not.toHaveBeenCalled();
  });

  it(`cuts a message of many short lines after ${CARD_LINES} of them`, () => {
    const lines = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`);
    render(<CardText text={lines.join('\n')} textLength={lines.join('\n').length} expanded={false} fullText={null} onToggle={noop} />);
    expect(screen.getByText(new RegExp(`line ${CARD_LINES}…$`))).toBeTruthy();
    expect(screen.queryByText(new RegExp(`line ${CARD_LINES + 1}`))).toBeNull();
    expect(screen.getByRole('button', { name: 'Show all' })).toBeTruthy();
  });

  it('unfolded, shows what the card carries until the whole text arrives, then that, and folds back', async () => {
    const whole = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const carried = whole.slice(0, CARD_CHARS);
    const onToggle = vi.fn();
    const { rerender } = render(<CardText text={carried} textLength={whole.length} expanded fullText={null} onToggle={onToggle} />);
    expect(screen.getByText(`${carried}…`)).toBeTruthy();
    expect(screen.getByText(`${whole.length - CARD_CHARS} characters more`)).toBeTruthy();
    rerender(<CardText text={carried} textLength={whole.length} expanded fullText={whole} onToggle={onToggle} />);
    expect(screen.getByText(whole)).toBeTruthy();
    expect(screen.queryByText(/more/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(onToggle).toHaveBeenCalledTimes(1);
  });

  it('unfolded, holds at most 20,000 characters and sends the reader to the detail pane for the rest', () => {
    const whole = 'y'.repeat(50_000);
    render(<CardText text={whole.slice(0, CARD_CHARS)} textLength={whole.length} expanded fullText={whole} onToggle={noop} />);
    expect(screen.getByText(`${'y'.repeat(20_000)}…`)).toBeTruthy();
    expect(screen.getByText('30.0k characters more in the detail pane')).toBeTruthy();
  });
});
