import { Button, Group, Modal, Text } from '@mantine/core';

import type { Popup } from '../../lib/popups.ts';
import { closePopup } from '../../lib/popups.ts';

/** The popup dialog itself (loaded on demand by PopupHost). */
export function PopupModal({ popup }: { popup: Popup }) {
  return (
    <Modal opened onClose={closePopup} title={popup.title} centered data-testid="popup">
      <Text size="sm">{popup.body}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={closePopup} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
