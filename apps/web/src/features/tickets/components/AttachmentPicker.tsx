import { ActionIcon, Button, FileButton, Group, List, Loader, Stack, Text } from '@mantine/core';
import { tickets } from '@portal/contract';

import { formatBytes } from '../../../lib/formats.ts';
import { acceptedExtensions } from '../attachment-rules.ts';
import type { Attachments } from './use-attachments.ts';

/** The attach button and the chosen files with their upload state (see useAttachments). */
export function AttachmentPicker({ attachments }: { attachments: Attachments }) {
  const { items, add, remove } = attachments;
  return (
    <Stack gap={6}>
      <Group gap="sm" align="center">
        <FileButton onChange={add} accept={acceptedExtensions} multiple>
          {(props) => (
            <Button {...props} variant="default" size="xs">
              Attach files
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          Up to {tickets.attachmentLimits.maxPerMessage} files, 10 MB each: PDF, images, text, CSV, logs, ZIP, Word,
          Excel.
        </Text>
      </Group>
      {items.length > 0 && (
        <List
          size="sm"
          spacing={4}
          listStyleType="none"
          aria-label="Attachments"
          aria-live="polite"
          data-testid="attachments"
        >
          {items.map((item) => (
            <List.Item key={item.key}>
              <Group gap="xs" wrap="nowrap">
                {item.state === 'uploading' && <Loader size={14} aria-label="Uploading" />}
                <Text size="sm" c={item.state === 'failed' ? 'red.7' : undefined} style={{ wordBreak: 'break-all' }}>
                  {item.state === 'failed' ? item.message : item.name}
                  {item.state === 'done' && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ({formatBytes(item.attachment.size_bytes, 1)})
                    </Text>
                  )}
                </Text>
                {item.state !== 'uploading' && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Remove ${item.name}`}
                    onClick={() => remove(item.key)}
                  >
                    ×
                  </ActionIcon>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
