import { Popover } from '@mantine/core';
import type { ReactElement } from 'react';

import { CustomRangeForm, type CustomValues } from './CustomRangeForm.tsx';

/**
 * The custom range form in a popover under the chart's range dropdown (`select`). Loaded when first
 * opened, with the form and its checks: a page of charts does not load or run the floating popover's
 * code to show its dropdowns (decision 112).
 */
export function CustomRangePopover({
  select,
  title,
  initial,
  onApply,
  onCancel,
}: {
  select: ReactElement;
  title: string;
  initial: CustomValues;
  onApply: (values: CustomValues) => void;
  onCancel: () => void;
}) {
  return (
    <Popover
      opened
      onChange={(opened) => {
        if (!opened) onCancel();
      }}
      position="bottom-end"
      withArrow
      shadow="md"
      trapFocus
      returnFocus
      closeOnEscape
    >
      <Popover.Target>{select}</Popover.Target>
      <Popover.Dropdown>
        <CustomRangeForm title={title} initial={initial} onCancel={onCancel} onApply={onApply} />
      </Popover.Dropdown>
    </Popover>
  );
}
