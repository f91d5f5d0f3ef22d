import { Group, UnstyledButton } from '@mantine/core';

import type { SeriesStyle } from './plot-options.ts';

export interface ChartLegendProps {
  title: string;
  names: readonly string[];
  styles: readonly SeriesStyle[];
  hidden: readonly boolean[];
  onToggle: (index: number) => void;
}

/** The legend: one toggle button per series (shown or hidden on the chart), usable by keyboard. */
export function ChartLegend({ title, names, styles, hidden, onToggle }: ChartLegendProps) {
  return (
    <Group gap="xs" justify="center" role="group" aria-label={`Series of ${title}`}>
      {names.map((name, i) => {
        const style = styles[i];
        const shown = !hidden[i];
        return (
          <UnstyledButton
            key={name}
            aria-pressed={shown}
            onClick={() => onToggle(i)}
            px={8}
            py={4}
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 6,
              borderRadius: 4,
              fontSize: 13,
              color: shown ? 'var(--mantine-color-text)' : 'var(--mantine-color-dimmed)',
              textDecoration: shown ? 'none' : 'line-through',
              minHeight: 24,
            }}
          >
            <span
              aria-hidden
              style={
                style?.reference
                  ? { display: 'inline-block', width: 14, borderTop: `2px dashed ${style.color}` }
                  : {
                      display: 'inline-block',
                      width: 12,
                      height: 12,
                      borderRadius: 2,
                      border: `2px solid ${style?.color ?? '#1c7ed6'}`,
                      background: shown ? style?.color : 'transparent',
                    }
              }
            />
            {name}
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
