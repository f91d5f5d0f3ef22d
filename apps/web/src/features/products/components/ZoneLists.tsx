import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { messages, productsDd } from '@portal/contract';
import { useState, type ReactNode } from 'react';

import { DataTable, type Column } from '../../../components/ui/DataTable.tsx';
import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { EmptyState, LoadingState } from '../../../components/ui/PageStates.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { formatCount, formatDateTime } from '../../../lib/formats.ts';
import { useThreatCountries } from '../api/web-security.ts';
import { Flag } from './Flag.tsx';

const count = (n: number) => formatCount(n, 3);

/** Badges keep their whole word when the table squeezes the column. */
const whole = { root: { minWidth: 'max-content' }, label: { overflow: 'visible' } };

/** Rows of a list shown 10 at a time (the lists come whole with the zone). */
const PAGE = 10;

function usePaged<T>(rows: readonly T[]) {
  const [page, setPage] = useState(1);
  const lastPage = Math.ceil(rows.length / PAGE);
  const shown = Math.min(Math.max(page, 1), Math.max(lastPage, 1));
  return { rows: rows.slice((shown - 1) * PAGE, shown * PAGE), page: shown, lastPage, setPage };
}

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The top 5 threat types of the 30 days, labelled (unknown codes show Unknown). */
export function ThreatTypes({ types }: { types: productsDd.DdOrder['threat_types'] }) {
  return (
    <Section title="Top threat types" testId="threat-types">
      {types.length === 0 ? (
        <EmptyState>{messages.noThreats}</EmptyState>
      ) : (
        <Table aria-label="Top threat types" verticalSpacing="xs">
          <Table.Tbody>
            {types.map((t, i) => (
              <Table.Tr key={t.threat_type}>
                <Table.Td w={28} c="dimmed">
                  {i + 1}.
                </Table.Td>
                <Table.Td>
                  <Text size="sm" title={t.threat_type}>
                    {productsDd.threatTypeLabel(t.threat_type)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {count(t.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

/** The countries threats came from, ranked, each with its flag and name. */
export function ThreatCountries({ baseOrderId, zoneId }: { baseOrderId: number; zoneId: number }) {
  const query = useThreatCountries({ baseOrderId, zoneId });
  const top = query.data?.[0]?.amount ?? 0;
  return (
    <Section title="Top threat countries" testId="threat-countries">
      {query.error ? (
        <ErrorBox error={query.error} />
      ) : !query.data ? (
        <LoadingState />
      ) : query.data.length === 0 ? (
        <EmptyState>{messages.noThreats}</EmptyState>
      ) : (
        <Stack
          gap={6}
          component="ol"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Threat countries"
        >
          {query.data.map((c, i) => (
            <Group key={c.country_code} component="li" gap="sm" wrap="nowrap" data-testid="threat-country">
              <Text size="sm" c="dimmed" w={22} ta="right">
                {i + 1}.
              </Text>
              <Flag code={c.country_code} name={c.country_name} />
              <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
                {c.country_name}
              </Text>
              <div
                aria-hidden
                style={{
                  width: 80,
                  height: 6,
                  borderRadius: 3,
                  background: 'var(--mantine-color-gray-2)',
                  overflow: 'hidden',
                }}
              >
                <div
                  style={{
                    width: `${top ? Math.max(4, (c.amount / top) * 100) : 0}%`,
                    height: '100%',
                    background: 'var(--mantine-color-red-6)',
                  }}
                />
              </div>
              <Text size="sm" fw={600} w={72} ta="right">
                {count(c.amount)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/** A DNS value, cut at 50 characters with the full value a click away (spec section 9). */
function DnsValue({ value }: { value: string }) {
  const [open, setOpen] = useState(false);
  if (value.length <= productsDd.dnsValueLength) return <span style={{ wordBreak: 'break-all' }}>{value}</span>;
  return (
    <span style={{ wordBreak: 'break-all' }}>
      {open ? value : `${value.slice(0, productsDd.dnsValueLength)}…`}{' '}
      <Anchor component="button" type="button" size="xs" onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? 'Show less' : 'Show full value'}
      </Anchor>
    </span>
  );
}

const dnsColumns: Column<productsDd.DnsRecord>[] = [
  {
    key: 'dns_type',
    header: 'Type',
    render: (r) => (
      <Badge variant="light" styles={whole}>
        {r.dns_type}
      </Badge>
    ),
  },
  { key: 'dns_name', header: 'Name', render: (r) => <span style={{ wordBreak: 'break-all' }}>{r.dns_name}</span> },
  {
    key: 'content',
    header: 'Content',
    render: (r) => {
      const phrase = productsDd.dnsPhrases[r.dns_type as productsDd.DnsType];
      return (
        <>
          {phrase && (
            <Text span size="sm" c="dimmed">
              {phrase}{' '}
            </Text>
          )}
          <DnsValue value={r.content} />
        </>
      );
    },
  },
  {
    key: 'proxied',
    header: 'Proxied',
    render: (r) =>
      productsDd.showsProxied(r.dns_type) ? (
        <Badge color={r.proxied ? 'orange' : 'gray'} variant={r.proxied ? 'filled' : 'outline'} styles={whole}>
          {r.proxied ? 'Proxied' : 'DNS only'}
        </Badge>
      ) : null,
  },
];

/** The zone's DNS records, 10 a page. */
export function DnsRecords({ records }: { records: readonly productsDd.DnsRecord[] }) {
  const paged = usePaged(records);
  return (
    <Section title="DNS records" testId="dns-records">
      <DataTable
        caption="DNS records"
        columns={dnsColumns}
        rows={paged.rows}
        rowKey={(r) => `${r.dns_type} ${r.dns_name} ${r.content}`}
        empty="No DNS records found."
      />
      {paged.lastPage > 1 && (
        <Pager page={paged.page} lastPage={paged.lastPage} onChange={paged.setPage} label="DNS record pages" />
      )}
    </Section>
  );
}

const eventColumns: Column<productsDd.FirewallEvent>[] = [
  { key: 'occurred_at', header: 'Time', render: (e) => formatDateTime(e.occurred_at) },
  {
    key: 'action',
    header: 'Action',
    render: (e) => (
      <Badge variant="light" styles={whole}>
        {e.action.replace(/_/g, ' ')}
      </Badge>
    ),
  },
  { key: 'ip', header: 'IP address', render: (e) => e.ip },
  { key: 'country_name', header: 'Country', render: (e) => e.country_name },
  { key: 'host', header: 'Host', render: (e) => <span style={{ wordBreak: 'break-all' }}>{e.host}</span> },
];

/** The zone's latest firewall events, newest first, 10 a page. */
export function FirewallEvents({ events }: { events: readonly productsDd.FirewallEvent[] }) {
  const paged = usePaged(events);
  return (
    <Section title="Firewall events" testId="firewall-events">
      <DataTable
        caption="Firewall events"
        columns={eventColumns}
        rows={paged.rows}
        rowKey={(e) => `${e.occurred_at} ${e.ip} ${e.action}`}
        empty="No firewall events found."
      />
      {paged.lastPage > 1 && (
        <Pager page={paged.page} lastPage={paged.lastPage} onChange={paged.setPage} label="Firewall event pages" />
      )}
    </Section>
  );
}
