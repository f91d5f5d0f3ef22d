import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { audit, type AuditEntry, type AuditFilters, type AuditKind } from '@portal/contract';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { formatDateTime } from '../../../lib/formats.ts';
import { exportEntries } from '../api/export-entries.ts';
import { useEntries } from '../api/get-entries.ts';
import { useEntryUsers } from '../api/get-entry-users.ts';

const who = (e: AuditEntry): ReactNode => {
  const user = e.user_name ? `${e.user_name} (${e.user_email})` : e.user_email;
  if (e.token_name) return `API token "${e.token_name}"`;
  if (e.kind === 'staff.signed_in_as') return `${e.staff_name ?? 'Staff'} (staff)`;
  if (user && e.staff_name) return `${user}, by ${e.staff_name} (staff)`;
  return user ?? (e.staff_name ? `${e.staff_name} (staff)` : 'The provider');
};

const what = (e: AuditEntry): ReactNode => {
  const parts = [
    e.kind === 'staff.signed_in_as' && e.user_email ? `As ${e.user_name ?? e.user_email} (${e.user_email})` : null,
    e.call_id,
    e.subject,
    e.detail,
  ].filter(Boolean);
  return (
    <Stack gap={2}>
      {parts.length > 0 && <Text size="sm">{parts.join(' · ')}</Text>}
      {e.reason && (
        <Text size="sm" c="dimmed">
          Reason: {e.reason}
        </Text>
      )}
    </Stack>
  );
};

const columns: Column<AuditEntry>[] = [
  { key: 'occurred_at', header: 'When', render: (e) => formatDateTime(e.occurred_at) },
  { key: 'kind', header: 'What', render: (e) => audit.kindLabels[e.kind] },
  { key: 'who', header: 'Who', render: who },
  { key: 'detail', header: 'Details', render: what },
  { key: 'address', header: 'From address', render: (e) => e.address ?? '' },
];

const kindOptions = (Object.keys(audit.kindLabels) as AuditKind[]).map((kind) => ({
  value: kind,
  label: audit.kindLabels[kind],
}));

/** The filters of the log, in the query string (so links and Back work). */
function useFilters(accountId: number) {
  const [params, setParams] = useSearchParams();
  const read = (name: string) => params.get(name) || undefined;
  const filters: AuditFilters = {
    account_id: accountId,
    user_id: read('user') ? Number(read('user')) : undefined,
    kind: read('kind') as AuditKind | undefined,
    from: read('from'),
    to: read('to'),
  };
  const page = Math.max(1, Number(read('page') ?? 1) || 1);
  const set = (changes: Record<string, string | null>, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace },
    );
  return { filters, page, set };
}

/** One account's audit log: filters by user, kind and dates, a page of entries, and the CSV download. */
export function AuditLog({ accountId, toolbar }: { accountId: number; toolbar?: ReactNode }) {
  const { filters, page, set } = useFilters(accountId);
  // Dates the wrong way round are said beside To, before anything is asked of the server.
  const rangeError = audit.datesInOrder(filters) ? null : audit.toBeforeFrom;
  const entries = useEntries({ ...filters, page }, !rangeError);
  const users = useEntryUsers(accountId);
  const [downloading, setDownloading] = useState(false);
  const onDownload = async () => {
    setDownloading(true);
    try {
      await exportEntries(filters);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Filter the audit log">
        {toolbar}
        <Select
          label="User"
          placeholder="Every user"
          clearable
          data={(users.data ?? []).map((u) => ({ value: String(u.user_id), label: u.name }))}
          value={filters.user_id ? String(filters.user_id) : null}
          onChange={(value) => set({ user: value })}
          w={260}
        />
        <Select
          label="Kind"
          placeholder="Every kind"
          clearable
          data={kindOptions}
          value={filters.kind ?? null}
          onChange={(value) => set({ kind: value })}
          w={240}
        />
        <TextInput
          label="From"
          type="date"
          value={filters.from ?? ''}
          onChange={(event) => set({ from: event.currentTarget.value || null })}
        />
        <TextInput
          label="To"
          type="date"
          error={rangeError}
          value={filters.to ?? ''}
          onChange={(event) => set({ to: event.currentTarget.value || null })}
        />
        <Button
          variant="default"
          loading={downloading}
          disabled={Boolean(rangeError)}
          onClick={() => void onDownload()}
        >
          Download CSV
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Dates are days in UTC. Times are shown in your time zone; the CSV file gives them in UTC.
      </Text>
      {!rangeError && (
        <>
          <DataTable
            caption="Audit log"
            columns={columns}
            rows={entries.data?.data}
            rowKey={(e) => e.id}
            loading={entries.isPending}
            error={entries.error}
            empty="Nothing matches these filters."
          />
          {entries.data && (
            <Pager
              page={entries.data.current_page}
              lastPage={entries.data.last_page}
              onChange={(next, options) => set({ page: String(next) }, options?.replace)}
              label="Audit log pages"
            />
          )}
        </>
      )}
    </Stack>
  );
}
