// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShowMore, useShownInSteps } from './ShowMore';

afterEach(cleanup);

/** A list of `total` items shown a step at a time, as the findings and verdict lists use it. */
function SteppedList({ total }: { total: number }) {
  const { shown, showMore } = useShownInSteps();
  const items = Array.from({ length: Math.min(shown, total) }, (_, i) => <li key={i}>item {i}</li>);
  return (
    <>
      <ul>{items}</ul>
      <ShowMore shown={items.length} total={total} onMore={showMore} />
    </>
  );
}

describe('ShowMore', () => {
  it('offers the next hundred and says how many are not shown', async () => {
    const onMore = vi.fn();
    render(<ShowMore shown={100} total={1250} onMore={onMore} />);
    expect(screen.getByText('of 1,150 not shown')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show 100 more' }));
    expect(onMore).toHaveBeenCalledTimes(1);
  });

  it('offers only what is left when that is less than a step', () => {
    render(<ShowMore shown={100} total={130} onMore={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Show 30 more' })).toBeTruthy();
    expect(screen.getByText('of 30 not shown')).toBeTruthy();
  });

  it('shows nothing once every item is on screen', () => {
    const { container } = render(<ShowMore shown={40} total={40} onMore={() => undefined} />);
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('reveals a hundred more items on each click, until all are shown', async () => {
    render(<SteppedList total={250} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(100);
    await userEvent.click(screen.getByRole('button', { name: 'Show 100 more' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(200);
    expect(screen.getByText('item 199')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show 50 more' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(250);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
