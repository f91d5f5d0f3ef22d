import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Popover, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';

import { formatDate } from '../../../lib/formats.ts';
import { customRange, customRangeSchema, inputDate, optionsWith, rangeFor, type ChartRange } from './ranges.ts';

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

interface CustomValues {
  from: string;
  to: string;
}

function CustomRangeForm({
  title,
  initial,
  onApply,
  onCancel,
}: {
  title: string;
  initial: CustomValues;
  onApply: (values: CustomValues) => void;
  onCancel: () => void;
}) {
  const schema = useMemo(() => customRangeSchema(), []);
  const { register, handleSubmit, formState } = useForm<CustomValues>({
    resolver: zodResolver(schema),
    defaultValues: initial,
  });
  const { errors } = formState;
  const [today] = useState(() => inputDate(Date.now() / 1000));
  return (
    <form
      aria-label={`Custom range of ${title}`}
      noValidate
      onSubmit={(event) => {
        // The chart may sit inside another form some day: this one submits alone.
        event.stopPropagation();
        void handleSubmit(onApply)(event);
      }}
    >
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Custom range
        </Text>
        <TextInput
          type="date"
          label="From"
          size="xs"
          max={today}
          data-autofocus
          error={errors.from?.message}
          {...register('from')}
        />
        <TextInput type="date" label="To" size="xs" max={today} error={errors.to?.message} {...register('to')} />
        <Text size="xs" c="dimmed">
          Whole days in your time zone, up to 800 days.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button size="xs" type="submit">
            Apply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

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
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
