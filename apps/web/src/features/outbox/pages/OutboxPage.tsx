import { Alert, Anchor, Badge, Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { outbox } from '@portal/contract';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { ListSearch } from '../../../components/ui/ListSearch.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { Wordmark } from '../../../components/ui/Wordmark.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/formats.ts';
import { useOutbox } from '../api/get-outbox.ts';

const columns: Column<outbox.OutboxMessage>[] = [
  {
    key: 'created_at',
    header: 'Sent',
    render: (m) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(m.created_at)}
      </Text>
    ),
  },
  { key: 'to_address', header: 'To', render: (m) => <Text size="sm">{m.to_address}</Text> },
  {
    key: 'subject',
    header: 'Message',
    render: (m) => (
      <Stack gap={4} data-testid="outbox-message" data-kind={m.kind} data-to={m.to_address}>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {m.subject}
          </Text>
          <Badge size="xs" variant="light">
            {m.kind}
          </Badge>
        </Group>
        {m.links.map((link) => (
          <Anchor key={link} href={link} size="sm" data-testid="outbox-link" style={{ wordBreak: 'break-all' }}>
            {link}
          </Anchor>
        ))}
        <details>
          <summary>
            <Text span size="xs" c="dimmed">
              Show the text
            </Text>
          </summary>
          <Text size="xs" component="pre" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
            {m.text_body}
          </Text>
        </details>
      </Stack>
    ),
  },
];

/**
 * dev/outbox: every message the portal would have mailed, newest first, with its links. For the
 * person running the portal locally without SMTP; with SMTP configured the server has no outbox.
 */
export function OutboxPage() {
  const list = useListState();
  const query = useOutbox({ page: list.page, ...(list.search ? { search: list.search } : {}) });
  const noOutbox = isApiError(query.error) && query.error.code === 'NOT_FOUND';

  return (
    <Box bg="var(--app-page-bg)" mih="100vh" py="lg">
      <Container size="lg">
        <Stack gap="md">
          <Box bg="brand.9" p="sm" style={{ borderRadius: 8 }}>
            <Wordmark />
          </Box>
          <div>
            <Title order={1} size="h2">
              Local outbox
            </Title>
            <Text size="sm" c="dimmed">
              No mail server is configured, so the portal keeps its messages here instead of sending them. Anyone who
              can open this page can read them: it exists only on a local portal.
            </Text>
          </div>
          {noOutbox ? (
            <Alert color="blue" variant="light">
              This portal sends real mail (SMTP is configured), so there is no local outbox.
            </Alert>
          ) : (
            <Paper withBorder radius="md" p="md" component="main" id="main">
              <Stack gap="md">
                <ListSearch
                  value={list.search}
                  onSearch={list.setSearch}
                  label="Search by address or subject"
                  placeholder="name@example.com"
                />
                <DataTable
                  caption="Messages in the local outbox"
                  columns={columns}
                  rows={query.data?.data}
                  rowKey={(m) => m.mail_id}
                  loading={query.isPending}
                  error={query.error}
                  empty="No messages yet."
                />
                <Pager
                  page={list.page}
                  lastPage={query.data?.last_page ?? 0}
                  onChange={list.setPage}
                  label="Outbox pages"
                />
              </Stack>
            </Paper>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
