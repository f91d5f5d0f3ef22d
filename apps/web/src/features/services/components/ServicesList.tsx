import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { orderSortColumns, type OrderListItem, type OrderSortColumn } from '@portal/contract';
import { useState } from 'react';
import { Link } from 'react-router';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { ListSearch } from '../../../components/ui/ListSearch.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { useAccountFilter } from '../../../components/ui/use-account-filter.tsx';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { formatMoney } from '../../../lib/formats.ts';
import { downloadOrders } from '../api/download-orders.ts';
import { useOrders } from '../api/get-orders.ts';
import { scopeFilter, type ServicesScope } from '../services-scope.ts';

const isOrderSort = (value: string | null): value is OrderSortColumn =>
  (orderSortColumns as readonly (string | null)[]).includes(value);

const text = (value: string | null) =>
  value || (
    <Text span c="dimmed" size="sm">
      –
    </Text>
  );

function columnsFor(linkTo: (order: OrderListItem) => string, linkLabel: string): Column<OrderListItem>[] {
  return [
    { key: 'product', header: 'Product', sortable: true, render: (o) => o.product },
    {
      key: 'order_number',
      header: 'Order number',
      sortable: true,
      render: (o) => (
        <Anchor component={Link} to={linkTo(o)} size="sm" fw={600} aria-label={`${linkLabel} ${o.order_number}`}>
          {o.order_number}
        </Anchor>
      ),
    },
    { key: 'uss_circuit_id', header: 'Circuit ID', sortable: true, render: (o) => text(o.uss_circuit_id) },
    { key: 'customer_ref', header: 'Customer reference', sortable: true, render: (o) => text(o.customer_ref) },
    { key: 'alias', header: 'Alias', sortable: true, render: (o) => text(o.alias) },
    {
      key: 'mrc_charges',
      header: 'Monthly recurring charges',
      sortable: true,
      align: 'right',
      render: (o) => formatMoney(o.mrc_charges, o.currency),
    },
  ];
}

export interface ServicesListProps {
  scope: ServicesScope;
  perPage: number;
  /** Where a row leads: the service page, or a new ticket for it. */
  linkTo: (order: OrderListItem) => string;
  /** Accessible prefix of the row links ("Open service", "Open a ticket for"). */
  linkLabel: string;
  /** Offer the CSV of the current search. */
  withDownload?: boolean;
  caption: string;
}

/** The orders table of the services pages: account, search, sort and page in the query string. */
export function ServicesList({ scope, perPage, linkTo, linkLabel, withDownload, caption }: ServicesListProps) {
  const list = useListState();
  const { accountId, toolbar } = useAccountFilter(() => list.setPage(1));
  const [downloading, setDownloading] = useState(false);
  const search = {
    ...(accountId !== null ? { accountId } : {}),
    ...scopeFilter(scope),
    ...(list.search ? { search_all: list.search } : {}),
    ...(isOrderSort(list.sort) && list.order ? { sort: list.sort, order: list.order } : {}),
  };
  const query = useOrders({ ...search, page: list.page, perPage });

  const onDownload = async () => {
    setDownloading(true);
    try {
      await downloadOrders(search);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      {toolbar(
        <Group align="flex-end" gap="sm" wrap="wrap">
          <ListSearch
            value={list.search}
            onSearch={list.setSearch}
            label="Search services"
            placeholder="Order, circuit, reference or alias"
          />
          {withDownload && (
            <Button
              variant="light"
              size="sm"
              onClick={() => void onDownload()}
              loading={downloading}
              data-testid="download-orders"
            >
              Download orders (CSV)
            </Button>
          )}
        </Group>,
      )}
      <DataTable
        caption={caption}
        columns={columnsFor(linkTo, linkLabel)}
        rows={query.data?.data}
        rowKey={(o) => o.base_order_id}
        loading={query.isPending}
        error={query.error}
        empty={list.search ? 'No services match your search.' : 'There are no services here for this account.'}
        sort={{ sort: list.sort, order: list.order }}
        onSort={list.toggleSort}
      />
      {query.data && (
        <Stack gap={0} align="center">
          <Pager page={list.page} lastPage={query.data.last_page} onChange={list.setPage} label="Services pages" />
          <Text size="xs" c="dimmed" mt={4}>
            {query.data.total} {query.data.total === 1 ? 'service' : 'services'}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
