import { FlexRender, type Row } from '@tanstack/react-table';
import { memo, useMemo } from 'react';
import type { CardCache } from '../../store/cardCache';
import { useCard } from '../../store/hooks';
import { LAYOUT, type Features, type TableRowData } from './columns';
import { isTableColumn } from '../../protocol/messagesTable';
import { RowDataContext } from './tableContext';

interface Props {
  row: Row<Features, TableRowData>;
  /** The message index (also `row.original.index`): what the row is compared by. */
  index: number;
  /** Its position among the rows shown, from 0. */
  position: number;
  /** Its top in the table body, px. */
  top: number;
  selected: boolean;
  /** The visible columns, joined: a change redraws the row. */
  columnsKey: string;
  cards: CardCache | undefined;
  onSelect: (index: number) => void;
}

/**
 * One message's row. Redrawn only when what it shows changes (not when the rows around it scroll in and out, which
 * gives the table a new row model each time) and when its card arrives: it subscribes to its own card only.
 */
export const TableRow = memo(
  function TableRow({ row, index, position, top, selected, cards, onSelect }: Props) {
    const card = useCard(cards, index);
    const data = useMemo(() => ({ index, card }), [index, card]);
    return (
      <tr
        role="row"
        className={selected ? 'table-row selected' : 'table-row'}
        data-testid="table-row"
        data-index={index}
        data-selected={selected || undefined}
        aria-selected={selected}
        aria-rowindex={position + 2}
        style={{ transform: `translateY(${top}px)` }}
        onClick={() => onSelect(index)}
      >
        <RowDataContext value={data}>
          {row.getVisibleCells().map((cell) => {
            const numeric = isTableColumn(cell.column.id) && LAYOUT[cell.column.id].numeric === true;
            return (
              <td key={cell.column.id} role="gridcell" className={numeric ? 'cell numeric' : 'cell'} data-column={cell.column.id}>
                <FlexRender cell={cell} />
              </td>
            );
          })}
        </RowDataContext>
      </tr>
    );
  },
  (before, after) =>
    before.index === after.index &&
    before.position === after.position &&
    before.top === after.top &&
    before.selected === after.selected &&
    before.columnsKey === after.columnsKey &&
    before.cards === after.cards &&
    before.onSelect === after.onSelect,
);
