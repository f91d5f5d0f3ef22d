import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import type { DonutSlice } from './donut-arcs.ts';
import { donutArcs } from './donut-arcs.ts';

/** Brand-friendly palette; slices beyond it wrap around. The first, the brand's colour, is lighter in dark mode (theme.ts). */
export const donutPalette = [
  'var(--app-donut-first)',
  '#2ec4b6',
  '#3a86ff',
  '#ff9f1c',
  '#8338ec',
  '#e71d36',
  '#06d6a0',
  '#8d99ae',
  '#ffbe0b',
  '#5c677d',
];

export interface DonutProps {
  slices: readonly DonutSlice[];
  /** Accessible description, e.g. 'Spend by service'. */
  title: string;
  formatValue: (value: number) => string;
  /** Text in the middle of the ring. */
  center?: ReactNode;
  /** Shown instead of the chart when the total is 0 or less. */
  empty: ReactNode;
  size?: number;
}

/** A donut chart in plain SVG with a legend (no chart library). */
export function Donut({ slices, title, formatValue, center, empty, size = 168 }: DonutProps) {
  const arcs = donutArcs(slices, size, size * 0.2);
  if (arcs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Group align="center" gap="lg" wrap="wrap">
      <div style={{ position: 'relative', width: size, height: size, flex: 'none' }}>
        <svg viewBox={`0 0 ${size} ${size}`} width={size} height={size} role="img" aria-label={title}>
          {arcs.map((arc, index) => (
            <path key={arc.label} d={arc.path} fill={donutPalette[index % donutPalette.length]}>
              <title>{`${arc.label}: ${formatValue(arc.value)}`}</title>
            </path>
          ))}
        </svg>
        {center && (
          <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', textAlign: 'center' }}>
            {center}
          </div>
        )}
      </div>
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0, flex: 1, minWidth: 160 }}>
        {arcs.map((arc, index) => (
          <Group key={arc.label} component="li" gap={8} wrap="nowrap" justify="space-between">
            <Group gap={8} wrap="nowrap">
              <span
                aria-hidden
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: 2,
                  background: donutPalette[index % donutPalette.length],
                  flex: 'none',
                }}
              />
              <Text size="sm">{arc.label}</Text>
            </Group>
            <Text size="sm" fw={600}>
              {formatValue(arc.value)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}
