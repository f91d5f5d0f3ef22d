import { Loader, Popover, Select } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

import { formatDate } from '../../../lib/formats.ts';
import type { CustomValues } from './CustomRangeForm.tsx';
import { customRange, inputDate, optionsWith, rangeFor, type ChartRange } from './ranges.ts';

// The custom range form and its checks load when it is first opened, not with every chart (decision 110).
const CustomRangeForm = lazy(() => import('./CustomRangeForm.tsx').then((m) => ({ default: m.CustomRangeForm })));

/** What the range dropdown holds: seconds back from now, or two calendar days. */
export type RangeChoice = { kind: 'preset'; seconds: number } | { kind: 'custom'; from: string; to: string };

export interface PickedRange {
  choice: RangeChoice;
  range: ChartRange;
}

export const presetRange = (seconds: number): PickedRange => ({
  choice: { kind: 'preset', seconds },
  range: rangeFor(seconds),
});

const CUSTOM = 'custom';

export interface RangePickerProps {
  /** The chart's title (names the dropdown and the form for screen readers). */
  title: string;
  defaultSeconds: number;
  value: PickedRange;
  onChange: (picked: PickedRange) => void;
}

/**
 * The range dropdown of a chart (spec services.md section 4: seconds back from now) plus a custom
 * range of calendar days, checked before it is used, with its errors under each date.
 */
export function RangePicker({ title, defaultSeconds, value, onChange }: RangePickerProps) {
  const [editing, setEditing] = useState(false);
  const options = optionsWith(defaultSeconds);
  const custom = value.choice.kind === 'custom' ? value.choice : null;
  const customLabel = custom ? `${formatDate(custom.from)} – ${formatDate(custom.to)}` : 'Custom range…';
  const selected = value.choice.kind === 'preset' ? String(value.choice.seconds) : CUSTOM;
  const initial: CustomValues = custom ?? {
    from: inputDate(value.range.start),
    to: inputDate(Math.max(value.range.start, value.range.end - 1)),
  };

  return (
    <Popover
      opened={editing}
      onChange={setEditing}
      position="bottom-end"
      withArrow
      shadow="md"
      trapFocus
      returnFocus
      closeOnEscape
    >
      <Popover.Target>
        <Select
          aria-label={`Range of ${title}`}
          size="xs"
          w={custom ? 190 : 150}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data={[
            ...options.map((o) => ({ value: String(o.seconds), label: o.label })),
            { value: CUSTOM, label: customLabel },
          ]}
          value={selected}
          onOptionSubmit={(v) => {
            // Picking the custom entry again (to change its dates) fires no change: open the form here.
            if (v === CUSTOM) setEditing(true);
          }}
          onChange={(v) => {
            if (!v || v === CUSTOM) return;
            onChange(presetRange(Number(v)));
          }}
        />
      </Popover.Target>
      <Popover.Dropdown>
        {editing && (
          <Suspense fallback={<Loader size="sm" aria-label="Loading the custom range form" />}>
            <CustomRangeForm
              title={title}
              initial={initial}
              onCancel={() => setEditing(false)}
              onApply={(values) => {
                const range = customRange(values.from, values.to);
                setEditing(false);
                if (range) onChange({ choice: { kind: 'custom', ...values }, range });
              }}
            />
          </Suspense>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
