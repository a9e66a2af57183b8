// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useVirtualRows } from './useVirtualRows';
import type { RowSource } from './virtualEngine';

const source: RowSource = { count: 1000, heightOf: () => 100, measured: () => undefined };

function Rows({ scroller }: { scroller: HTMLElement | null }) {
  const { engine, canvasRef, windowRef, rowRef } = useVirtualRows(scroller, source);
  const rows = [];
  for (let row = engine.first; row <= engine.last; row++) {
    rows.push(
      <div key={row} data-row={row} ref={rowRef}>
        row {row}
      </div>,
    );
  }
  return (
    <div ref={canvasRef}>
      <div ref={windowRef}>{rows}</div>
    </div>
  );
}

/** The scroll element and the list mount in one commit, as when a history is ready before the first render. */
function ScrolledList() {
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  return (
    <div ref={setScroller} data-testid="scroller">
      <Rows scroller={scroller} />
    </div>
  );
}

describe('useVirtualRows', () => {
  it('follows the scroll of an element mounted in the same commit as the list', () => {
    render(<ScrolledList />);
    expect(screen.getByText('row 0')).toBeTruthy();
    const scroller = screen.getByTestId('scroller');
    act(() => {
      scroller.scrollTop = 50_000;
      fireEvent.scroll(scroller);
    });
    expect(screen.getByText('row 500')).toBeTruthy();
    expect(screen.queryByText('row 0')).toBeNull();
  });
});
