import { Group, Text } from '@mantine/core';

import { statusColor } from './status-color.ts';

const swatch = {
  green: 'var(--mantine-color-green-6)',
  yellow: 'var(--mantine-color-yellow-5)',
  red: 'var(--mantine-color-red-6)',
};

/** A ticket status with its coloured bullet; the text carries the meaning, the colour repeats it. */
export function StatusBullet({ status, suffix }: { status: string; suffix?: string }) {
  const color = statusColor(status);
  return (
    <Group gap={6} wrap="nowrap" data-status-color={color}>
      <span
        aria-hidden
        style={{ width: 10, height: 10, borderRadius: '50%', background: swatch[color], flex: 'none' }}
      />
      <Text size="sm" span>
        {status}
        {suffix ? ` ${suffix}` : ''}
      </Text>
    </Group>
  );
}
