import { Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import type { Column } from './DataTable.tsx';
import { DataTable } from './DataTable.tsx';
import { ListSearch } from './ListSearch.tsx';
import { Pager } from './Pager.tsx';
import type { ListControls } from './use-list-state.ts';

export interface RecordListPageProps<Row> {
  title: string;
  intro: ReactNode;
  /** The list's page and search, kept in the address (useListState). */
  list: ListControls;
  /** One page of the records, asked for with the list's page and search. */
  query: UseQueryResult<{ data: Row[]; last_page: number }>;
  search: { label: string; placeholder: string };
  caption: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  empty: string;
  pagerLabel: string;
}

/** A staff record page: heading, what it lists, a search, the table, and its pages once the first has come. */
export function RecordListPage<Row>(props: RecordListPageProps<Row>) {
  const { title, intro, list, query, search, caption, columns, rowKey, empty, pagerLabel } = props;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      </div>
      <ListSearch value={list.search} onSearch={list.setSearch} label={search.label} placeholder={search.placeholder} />
      <DataTable
        caption={caption}
        columns={columns}
        rows={query.data?.data}
        rowKey={rowKey}
        loading={query.isPending}
        error={query.error}
        empty={empty}
      />
      {query.data && (
        <Pager page={list.page} lastPage={query.data.last_page} onChange={list.setPage} label={pagerLabel} />
      )}
    </Stack>
  );
}
