import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { products } from '@portal/contract';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { customRange, customRangeMessages, inputDate, validDate } from './ranges.ts';

/** The custom range form's rules; messages shown under each date input. */
export const customRangeSchema = (nowMs = Date.now()) =>
  z.object({ from: z.string(), to: z.string() }).superRefine((value, ctx) => {
    const fromOk = validDate(value.from);
    const toOk = validDate(value.to);
    if (!fromOk) ctx.addIssue({ code: 'custom', path: ['from'], message: customRangeMessages.from });
    if (!toOk) ctx.addIssue({ code: 'custom', path: ['to'], message: customRangeMessages.to });
    if (!fromOk || !toOk) return;
    if (value.to < value.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: customRangeMessages.order });
      return;
    }
    if (dayjs(value.from).startOf('day').valueOf() > nowMs) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: customRangeMessages.future });
      return;
    }
    const range = customRange(value.from, value.to, nowMs);
    if (range && range.end - range.start > products.maxChartRangeSeconds)
      ctx.addIssue({ code: 'custom', path: ['to'], message: customRangeMessages.tooLong });
  });

export interface CustomValues {
  from: string;
  to: string;
}

export function CustomRangeForm({
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
