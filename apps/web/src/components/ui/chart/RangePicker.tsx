import { NativeSelect } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

import { formatDate } from '../../../lib/formats.ts';
import type { CustomValues } from './CustomRangeForm.tsx';
import { customRange, inputDate, optionsWith, rangeFor, type ChartRange } from './ranges.ts';

// The custom range's popover, form and checks load when it is first opened, not with every chart
// (decisions 110, 112).
const CustomRangePopover = lazy(() =>
  import('./CustomRangePopover.tsx').then((m) => ({ default: m.CustomRangePopover })),
);

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

/** The entry of the custom range in use, and the entry that opens the form for a new one. */
const CUSTOM = 'custom';
const NEW_CUSTOM = 'custom-new';

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
 *
 * A native select (decision 110): a page of charts has one per chart, and Mantine's combobox with its
 * floating dropdown cost each chart a long share of the page's takeover on a phone, whose own picker
 * is the better one there anyway. The custom range's popover exists only while it is open, for the same
 * reason. A native select fires no change when its chosen entry is chosen again, so a custom range in
 * use shows as an entry of its own, above the "Custom range…" entry that opens the form.
 */
export function RangePicker({ title, defaultSeconds, value, onChange }: RangePickerProps) {
  const [editing, setEditing] = useState(false);
  const options = optionsWith(defaultSeconds);
  const custom = value.choice.kind === 'custom' ? value.choice : null;
  const selected = value.choice.kind === 'preset' ? String(value.choice.seconds) : CUSTOM;
  const initial: CustomValues = custom ?? {
    from: inputDate(value.range.start),
    to: inputDate(Math.max(value.range.start, value.range.end - 1)),
  };

  const select = (
    <NativeSelect
      aria-label={`Range of ${title}`}
      size="xs"
      w={custom ? 190 : 150}
      data={[
        ...options.map((o) => ({ value: String(o.seconds), label: o.label })),
        ...(custom ? [{ value: CUSTOM, label: `${formatDate(custom.from)} – ${formatDate(custom.to)}` }] : []),
        { value: NEW_CUSTOM, label: 'Custom range…' },
      ]}
      value={selected}
      onChange={(event) => {
        const v = event.currentTarget.value;
        if (v === NEW_CUSTOM) setEditing(true);
        else if (v !== CUSTOM) onChange(presetRange(Number(v)));
      }}
    />
  );
  if (!editing) return select;

  // While the popover's code loads, the dropdown shows as it is.
  return (
    <Suspense fallback={select}>
      <CustomRangePopover
        select={select}
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
  );
}
