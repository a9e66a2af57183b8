// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { createElement, type ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { linkToolCalls } from '../../core/links';
import { usage } from '../../core/testing/messages';
import { computeTokens } from '../../core/tokens';
import type { Message } from '../../core/model';
import { latencies } from '../../protocol/messagesTable';
import type { TranscriptView } from '../../protocol/workerApi';
import { testMessage, testView } from '../../store/testing/transcript';
import { COLUMNS } from './columns';
import { RowDataContext, TableDataContext } from './tableContext';

afterEach(cleanup);

/** The text of column `column`'s cell for message `index` of `view`. */
function cellText(view: TranscriptView, column: string, index: number): string {
  const def = COLUMNS.find((c) => c.id === column);
  if (!def) throw new Error(`No column ${column}`);
  const cell = def.cell as ComponentType;
  const { container } = render(
    <TableDataContext value={{ view, latency: latencies(view.columns.timeMs), findingsByMessage: new Map(), estimates: null }}>
      <RowDataContext value={{ index, card: undefined }}>{createElement(cell)}</RowDataContext>
    </TableDataContext>,
  );
  return container.textContent;
}

/** The page's view of `messages`, with their token totals (the test transcript has none). */
function viewOf(messages: Message[]): TranscriptView {
  const view = testView(messages);
  const { totals, perTool, perModel, cumulative } = computeTokens(messages, linkToolCalls(messages));
  return { ...view, tokens: { totals, perTool, perModel }, columns: { ...view.columns, cumulative: Float64Array.from(cumulative) } };
}

describe('the Σ tokens column', () => {
  it('says — rather than 0 when the history reports no usage at all', () => {
    const view = viewOf([testMessage(0, 'human', { text: 'hi' }), testMessage(1, 'ai', { text: 'hello' })]);
    expect(cellText(view, 'tokensCumulative', 1)).toBe('—');
  });

  it('gives the running total when it does, 0 before the first usage', () => {
    const view = viewOf([testMessage(0, 'human', { text: 'hi' }), testMessage(1, 'ai', { text: 'hello', usage: usage(1200, 34) })]);
    expect(cellText(view, 'tokensCumulative', 0)).toBe('0');
    expect(cellText(view, 'tokensCumulative', 1)).toBe('1,234');
  });
});
