import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { PrometheusSource } from '@portal/contract';
import { useState } from 'react';
import { Link } from 'react-router';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCount, formatDateTime } from '../../../lib/formats.ts';
import { useRemoveSource } from '../api/remove-source.ts';
import { useSources } from '../api/list-sources.ts';
import { SourceForm } from '../components/SourceForm.tsx';

const authOf = (s: PrometheusSource) =>
  s.auth === 'bearer'
    ? 'Bearer token (held)'
    : s.auth === 'basic'
      ? `Basic auth: ${s.username} (password held)`
      : 'None';

const seriesOf = (s: PrometheusSource) =>
  s.series.length === 0
    ? 'none'
    : s.series.map((x) => `${x.order_number} ${x.metric}${x.object_key ? `{${x.object_key}}` : ''}`).join(', ');

/** admin/prometheus-sources (staff level 3): Prometheus-compatible sources and the order series they answer. */
export function PrometheusSourcesPage() {
  const sources = useSources();
  const remove = useRemoveSource();
  const [editing, setEditing] = useState<PrometheusSource | null>(null);

  const columns: Column<PrometheusSource>[] = [
    { key: 'source_key', header: 'Source', render: (s) => s.source_key },
    { key: 'url', header: 'URL', render: (s) => s.url },
    { key: 'auth', header: 'Sign-in', render: authOf },
    { key: 'series', header: 'Series', render: seriesOf },
    { key: 'last_success_at', header: 'Last success', render: (s) => formatDateTime(s.last_success_at) || 'never' },
    {
      key: 'last_error',
      header: 'Last error',
      render: (s) => (s.last_error ? `${formatDateTime(s.last_error_at)}: ${s.last_error}` : 'none'),
    },
    { key: 'queries', header: 'Queries (last hour)', render: (s) => formatCount(s.queries_last_hour) },
    {
      key: 'actions',
      header: 'Actions',
      label: '',
      render: (s) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" aria-label={`Change ${s.source_key}`} onClick={() => setEditing(s)}>
            Change
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            aria-label={`Remove ${s.source_key}`}
            loading={remove.isPending && remove.variables === s.source_key}
            onClick={() => {
              if (window.confirm(`Remove the source "${s.source_key}"? Its series are read from stored points again.`))
                remove.mutate(s.source_key, {
                  onSuccess: () => editing?.source_key === s.source_key && setEditing(null),
                });
            }}
          >
            Remove
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Prometheus Sources
        </Title>
        <Text size="sm" c="dimmed">
          Prometheus-compatible servers (Prometheus, Thanos, Mimir, VictoriaMetrics) that answer series of orders with a
          PromQL expression: those charts ask the source (query_range) instead of stored points. Tokens and passwords
          are stored encrypted and never shown. Their health is on the{' '}
          <Anchor component={Link} to={paths.adminConnectorStatus()} underline="always">
            connector status
          </Anchor>{' '}
          page.
        </Text>
      </div>
      <SourceForm editing={editing} onDone={() => setEditing(null)} />
      <FormErrors error={remove.error} />
      <DataTable
        caption="Prometheus sources"
        columns={columns}
        rows={sources.data}
        rowKey={(s) => s.source_key}
        loading={sources.isPending}
        error={sources.error}
        empty="There are no Prometheus sources yet."
      />
    </Stack>
  );
}
