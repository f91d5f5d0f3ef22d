import { Button } from '@mantine/core';
import { productsRp } from '@portal/contract';

import { DataTable, type Column } from '../../../components/ui/DataTable.tsx';
import { ListSearch } from '../../../components/ui/ListSearch.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { formatBytes } from '../../../lib/formats.ts';
import { PageSection } from './ProductSections.tsx';
import { downloadResourcePoolVms, useResourcePoolVms } from '../api/resource-pool.ts';

const columns: Column<productsRp.ResourcePoolVm>[] = [
  { key: 'name', header: 'Name', render: (v) => v.name, sortable: true },
  { key: 'memory_bytes', header: 'Memory', render: (v) => formatBytes(v.memory_bytes), sortable: true, align: 'right' },
  { key: 'number_of_cpus', header: 'CPUs', render: (v) => v.number_of_cpus, sortable: true, align: 'right' },
];

const isSortColumn = (value: string | null): value is productsRp.VmSortColumn =>
  (productsRp.vmSortColumns as readonly (string | null)[]).includes(value);

/** The VMs of a resource pool: searchable, sortable, 10 a page (state in the query string), downloadable. */
export function VmTable({ baseOrderId }: { baseOrderId: number }) {
  const list = useListState();
  const search = {
    baseOrderId,
    ...(isSortColumn(list.sort) ? { sort_column: list.sort, sort_order: list.order ?? 'asc' } : {}),
    ...(list.search ? { search_all: list.search } : {}),
  };
  const query = useResourcePoolVms({ ...search, page: list.page });
  return (
    <PageSection
      title="Virtual machines"
      actions={
        <Button size="xs" variant="default" onClick={() => void downloadResourcePoolVms(search)}>
          Download VMs
        </Button>
      }
    >
      <ListSearch value={list.search} onSearch={list.setSearch} label="Search VMs" placeholder="VM name" />
      <DataTable
        caption="Virtual machines"
        columns={columns}
        rows={query.data?.data}
        rowKey={(v) => v.name}
        loading={query.isPending}
        error={query.error}
        sort={list}
        onSort={list.toggleSort}
        empty="No VMs found."
      />
      {query.data && (
        <Pager page={list.page} lastPage={query.data.last_page} onChange={list.setPage} label="VM pages" />
      )}
    </PageSection>
  );
}
