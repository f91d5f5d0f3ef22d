import { bucketSortColumns, type Bucket, type BucketSortColumn } from '@portal/contract';

import { DataTable, type Column } from '../../../components/ui/DataTable.tsx';
import { ListSearch } from '../../../components/ui/ListSearch.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { formatBytes, formatCount } from '../../../lib/formats.ts';
import { useBuckets } from '../api/get-buckets.ts';
import { PageSection } from './ProductSections.tsx';

const count = (value: number) => formatCount(value, 3);

const columns: Column<Bucket>[] = [
  { key: 'bucket', header: 'Bucket', render: (b) => b.bucket, sortable: true },
  { key: 'size', header: 'Size', render: (b) => formatBytes(b.size), sortable: true, align: 'right' },
  { key: 'num_objects', header: 'Objects', render: (b) => count(b.num_objects), sortable: true, align: 'right' },
];

const isSortColumn = (value: string | null): value is BucketSortColumn =>
  (bucketSortColumns as readonly (string | null)[]).includes(value);

/** The buckets of an object storage order: searchable, sortable, 10 a page (state in the query string). */
export function BucketTable({ baseOrderId }: { baseOrderId: number }) {
  const list = useListState();
  const query = useBuckets({
    baseOrderId,
    page: list.page,
    ...(isSortColumn(list.sort) ? { sort_column: list.sort, sort_order: list.order ?? 'asc' } : {}),
    ...(list.search ? { search_bucket: list.search } : {}),
  });
  return (
    <PageSection title="Buckets">
      <ListSearch value={list.search} onSearch={list.setSearch} label="Search buckets" placeholder="Bucket name" />
      <DataTable
        caption="Buckets"
        columns={columns}
        rows={query.data?.data}
        rowKey={(b) => b.bucket}
        loading={query.isPending}
        error={query.error}
        sort={list}
        onSort={list.toggleSort}
        empty="No buckets found."
      />
      {query.data && (
        <Pager page={list.page} lastPage={query.data.last_page} onChange={list.setPage} label="Bucket pages" />
      )}
    </PageSection>
  );
}
