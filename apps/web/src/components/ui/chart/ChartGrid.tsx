import { SimpleGrid } from '@mantine/core';
import { Children, type ReactNode } from 'react';

import { chartColumns } from '../../../lib/formats.ts';

/**
 * The grid of a page's charts (or chart sets) by the spec's column rule: 2 columns for 1, 2 or 4
 * items, otherwise 3. One column on a phone, at most 2 on a tablet, where 3 would squeeze the axes.
 */
export function ChartGrid({ children, count }: { children: ReactNode; count?: number }) {
  const items = count ?? Children.toArray(children).length;
  const cols = chartColumns(items);
  return (
    <SimpleGrid
      cols={{ base: 1, sm: Math.min(2, cols), lg: cols }}
      spacing="md"
      data-testid="chart-grid"
      data-columns={cols}
    >
      {children}
    </SimpleGrid>
  );
}
