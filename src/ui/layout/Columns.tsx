import { useEffect, type ReactNode } from 'react';
import { useStore } from '../../store/store';
import { setOpenSheet } from './sheet';
import { SidePane } from './SidePane';
import { isStacked, useStacked } from './useLayout';

/**
 * The page under the header: on a wide window the findings, the centre column and the detail side by side, the side
 * panes resizable and collapsible; on a narrow one (useLayout's STACKED_QUERY) the centre column alone, the side
 * panes as sheets its toggles open, and selecting a message opens its detail.
 */
export function Columns({ findings, centre, detail }: { findings: ReactNode; centre: ReactNode; detail: ReactNode }) {
  const stacked = useStacked();
  useEffect(() => {
    if (!stacked) setOpenSheet(null);
  }, [stacked]);
  // A message selected on a narrow window (a card, a row, a finding, a key) shows its detail: there is no room beside.
  useEffect(
    () =>
      useStore.subscribe((state, previous) => {
        if (state.selection !== null && state.selection !== previous.selection && isStacked()) setOpenSheet('detail');
      }),
    [],
  );
  return (
    <main className="columns" data-testid="columns" data-layout={stacked ? 'stacked' : 'columns'}>
      <SidePane pane="findings" stacked={stacked}>
        {findings}
      </SidePane>
      <div className="centre">{centre}</div>
      <SidePane pane="detail" stacked={stacked}>
        {detail}
      </SidePane>
    </main>
  );
}
