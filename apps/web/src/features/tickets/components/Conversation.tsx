import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { TicketMessage } from '@portal/contract';
import { useState } from 'react';

import { formatBytes, formatDateTime } from '../../../lib/formats.ts';
import { downloadAttachment } from '../api/download-attachment.ts';

function AttachmentButton({ attachmentId, fileName, size }: { attachmentId: number; fileName: string; size: number }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="light"
      size="compact-sm"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadAttachment(attachmentId, fileName);
        } finally {
          setBusy(false);
        }
      }}
      aria-label={`Download ${fileName}`}
    >
      {fileName} ({formatBytes(size, 1)})
    </Button>
  );
}

/** The ticket's conversation, oldest first: the customer's messages on one side, the provider's on the other. */
export function Conversation({ messages }: { messages: readonly TicketMessage[] }) {
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Conversation">
      {messages.map((m) => {
        const mine = m.author_type === 'customer';
        return (
          <li key={m.message_id} style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
            <Paper
              withBorder
              radius="md"
              p="sm"
              w={{ base: '100%', sm: '85%' }}
              bg={mine ? 'teal.0' : undefined}
              data-author={m.author_type}
            >
              <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    {m.author_nm}
                  </Text>
                  <Badge size="xs" variant="light" color={mine ? 'teal' : 'gray'}>
                    {mine ? 'Customer' : 'Support'}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDateTime(m.created)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.body}
              </Text>
              {m.attachments.length > 0 && (
                <Group gap="xs" mt="xs">
                  {m.attachments.map((a) => (
                    <AttachmentButton
                      key={a.attachment_id}
                      attachmentId={a.attachment_id}
                      fileName={a.file_name}
                      size={a.size_bytes}
                    />
                  ))}
                </Group>
              )}
            </Paper>
          </li>
        );
      })}
    </Stack>
  );
}
