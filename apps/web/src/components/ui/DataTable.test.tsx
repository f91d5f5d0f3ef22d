import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { Themed } from '../../test/render.tsx';
import { DataTable, type Column } from './DataTable.tsx';

interface Charge {
  id: number;
  name: string;
  amount: string;
}

const columns: Column<Charge>[] = [
  { key: 'name', header: 'Component', render: (c) => c.name },
  { key: 'note', header: 'Note', render: () => '' },
  { key: 'amount', header: 'Charge', align: 'right', render: (c) => c.amount },
];

/** The charges of an order as a table closed by their total. */
const renderCharges = (rows: Charge[], total: string) =>
  render(
    <Themed>
      <DataTable
        caption="Monthly charges"
        columns={columns}
        rows={rows}
        rowKey={(c) => c.id}
        empty="No component of this order has a monthly charge."
        footer={{ title: 'Total monthly charge', cells: { amount: total } }}
      />
    </Themed>,
  );

afterEach(cleanup);

describe('DataTable', () => {
  it('closes with a footer row: its title heads the first column, its cells go under their columns', () => {
    renderCharges(
      [
        { id: 1, name: 'Storage', amount: '$10.00' },
        { id: 2, name: 'Requests', amount: '$2.50' },
      ],
      '$12.50',
    );
    const table = screen.getByRole('table', { name: 'Monthly charges' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const total = rows[3]!;
    expect(total.parentElement?.tagName).toBe('TFOOT');
    expect(within(total).getByRole('rowheader').textContent).toBe('Total monthly charge');
    const cells = within(total).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['', '$12.50']);
    // On a phone each cell is a "label: value" line: the total's cell says which column it is.
    expect(cells[1]!.dataset.label).toBe('Charge');
    expect(cells[1]!.style.textAlign).toBe('right');
  });

  it('without rows shows its empty message, not a table with a footer alone', () => {
    renderCharges([], '$0.00');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No component of this order has a monthly charge.')).toBeTruthy();
  });
});
