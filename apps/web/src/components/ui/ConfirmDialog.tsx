import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  /** Label of the confirming button, e.g. 'Send reset link'. */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Red confirm button for actions that remove something. */
  danger?: boolean;
  pending?: boolean;
}

/** Asks before a destructive or irreversible action; Cancel (focused first) or Escape leaves things alone. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { opened, title, children, confirmLabel, onConfirm, onCancel, danger, pending } = props;
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered data-testid="confirm-dialog">
      <Text size="sm" component="div">
        {children}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button color={danger ? 'red' : undefined} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
