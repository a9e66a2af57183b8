import type { Table } from '@tanstack/react-table';
import { isTableColumn } from '../../protocol/messagesTable';
import { MenuButton, useHeaderMenu } from '../components/HeaderMenu';
import { LAYOUT, type Features, type TableRowData } from './columns';

/** Columns ▾: a checkbox a column; the choice is kept in this browser (columnVisibility.ts). */
export function ColumnsMenu({ table }: { table: Table<Features, TableRowData> }) {
  const { rootRef, ...menu } = useHeaderMenu();
  return (
    <div className="export table-columns" ref={rootRef}>
      <MenuButton {...menu} className="button ghost small" data-testid="table-columns" title="Choose the columns shown, kept in this browser">
        Columns
      </MenuButton>
      {menu.open && (
        <div className="export-menu table-columns-menu" role="menu" aria-label="Columns shown">
          {table.getAllLeafColumns().map((column) => {
            const layout = isTableColumn(column.id) ? LAYOUT[column.id] : undefined;
            return (
              <label key={column.id} className="table-column-choice" title={layout?.title}>
                <input
                  type="checkbox"
                  role="menuitemcheckbox"
                  aria-checked={column.getIsVisible()}
                  data-testid="table-column-toggle"
                  data-column={column.id}
                  checked={column.getIsVisible()}
                  disabled={!column.getCanHide()}
                  onChange={(event) => column.toggleVisibility(event.target.checked)}
                />
                {layout?.label ?? column.id}
                {layout && layout.label !== layout.title && <span className="muted">{layout.title}</span>}
              </label>
            );
          })}
        </div>
      )}
    </div>
  );
}
