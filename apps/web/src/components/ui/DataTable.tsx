import { UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';

import { ErrorBox } from './ErrorBox.tsx';
import { HydrationPart } from './HydrationPart.tsx';
import type { SortState } from './list-state.ts';
import { EmptyState, LoadingState } from './PageStates.tsx';
import classes from './DataTable.module.css';

export interface Column<Row> {
  /** Column id; for sortable columns this is the `sort` value sent to the server. */
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  /** The cell's label on phones (stacked cards) when `header` is not plain text; '' for none. */
  label?: string;
}

/** The label a cell carries on phones, where each row is a card of "label: value" lines. */
const cellLabel = <Row,>(column: Column<Row>) =>
  column.label ?? (typeof column.header === 'string' ? column.header : '');

/** What every cell of a column carries, in the rows and in the footer: its alignment and phone label. */
const cellProps = <Row,>(column: Column<Row>) => ({
  style: column.align ? { textAlign: column.align } : undefined,
  'data-label': cellLabel(column),
});

export interface DataTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  /** Accessible caption (visually hidden unless `showCaption`). */
  caption: string;
  loading?: boolean;
  error?: unknown;
  empty?: ReactNode;
  /** Current sort; with `onSort`, sortable headers become buttons (the sort cycle is the caller's). */
  sort?: SortState;
  onSort?: (column: string) => void;
  rowProps?: (row: Row) => { className?: string; 'data-highlight'?: boolean };
  /** A closing row (a total): `title` heads it in the first column, `cells` fill the others by column key. */
  footer?: { title: ReactNode; cells: Partial<Record<string, ReactNode>> };
}

const sortIcon = { asc: '▲', desc: '▼' } as const;

/**
 * THE table of the app: sortable headers, and loading / empty / error states. On phones (below
 * 36em) each row becomes a card of "label: value" lines and the sortable headers a row of sort
 * buttons, so no column is cut off or squeezed into overlapping text (DataTable.module.css).
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rows, rowKey, caption, loading, error, empty, sort, onSort, rowProps, footer } = props;

  if (error) return <ErrorBox error={error} />;
  if (loading || !rows) return <LoadingState />;
  if (rows.length === 0) return <EmptyState>{empty ?? 'No records found.'}</EmptyState>;

  // A part of its own: on a page the server rendered, a phone takes a long table over in a task of its
  // own, apart from the page's heading and filters (decisions 109, 112).
  return (
    <HydrationPart>
      <div className={classes.scroller}>
        {/* Plain table elements: Mantine's Table brings its scroll area (about 20 kB) onto every list page. */}
        <table className={classes.table}>
          <caption className={classes.caption}>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const active = sort?.sort === column.key && sort.order ? sort.order : null;
                const ariaSort = active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined;
                return (
                  <th
                    key={column.key}
                    style={column.align ? { textAlign: column.align } : undefined}
                    aria-sort={column.sortable ? (ariaSort ?? 'none') : undefined}
                  >
                    {column.sortable && onSort ? (
                      <UnstyledButton className={classes.sortButton} onClick={() => onSort(column.key)}>
                        {column.header}
                        <span aria-hidden className={classes.sortIcon}>
                          {active ? sortIcon[active] : '↕'}
                        </span>
                      </UnstyledButton>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} {...rowProps?.(row)}>
                {columns.map((column) => (
                  <td key={column.key} {...cellProps(column)}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {footer && (
            <tfoot>
              <tr>
                {columns.map((column, place) =>
                  place === 0 ? (
                    <th key={column.key} scope="row">
                      {footer.title}
                    </th>
                  ) : (
                    <td key={column.key} {...cellProps(column)}>
                      {footer.cells[column.key]}
                    </td>
                  ),
                )}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </HydrationPart>
  );
}
