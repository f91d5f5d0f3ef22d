import { Anchor } from '@mantine/core';
import type { PrometheusSource } from '@portal/contract';
import { Link } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { formatCount, formatDateTime } from '../../../lib/formats.ts';
import { useSources } from '../api/list-sources.ts';
import { useRemoveSource } from '../api/remove-source.ts';
import { useSaveSource, type SaveSourceInput } from '../api/save-source.ts';
import { ConnectorAdmin, type ConnectorKind } from '../components/ConnectorAdmin.tsx';
import { SourceFields } from '../components/SourceFields.tsx';
import {
  emptySource,
  inputOf,
  sourceFormSchema,
  valuesOf,
  type SourceFormValues,
} from '../components/source-form-values.ts';

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

const prometheusSources: ConnectorKind<PrometheusSource, SourceFormValues, SaveSourceInput> = {
  title: 'Prometheus Sources',
  intro: (
    <>
      Prometheus-compatible servers (Prometheus, Thanos, Mimir, VictoriaMetrics) that answer series of orders with a
      PromQL expression: those charts ask the source (query_range) instead of stored points. Tokens and passwords are
      stored encrypted and never shown. Their health is on the{' '}
      <Anchor component={Link} to={paths.adminConnectorStatus()} underline="always">
        connector status
      </Anchor>{' '}
      page.
    </>
  ),
  noun: 'source',
  newFormLabel: 'New Prometheus source',
  caption: 'Prometheus sources',
  empty: 'There are no Prometheus sources yet.',
  keyOf: (s) => s.source_key,
  columns: [
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
  ],
  removeQuestion: (key) => `Remove the source "${key}"? Its series are read from stored points again.`,
  useList: useSources,
  useRemove: useRemoveSource,
  useSave: useSaveSource,
  schema: sourceFormSchema,
  emptyValues: emptySource,
  valuesOf,
  inputOf,
  formWidth: 1000,
  Fields: SourceFields,
};

/** admin/prometheus-sources (staff level 3): Prometheus-compatible sources and the order series they answer. */
export function PrometheusSourcesPage() {
  return <ConnectorAdmin kind={prometheusSources} />;
}
