import { Button, Group, Text } from '@mantine/core';

import { pagerState } from './list-state.ts';

export interface PagerProps {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  /** Accessible name of the navigation landmark, e.g. 'Invoices pages'. */
  label?: string;
}

/** First / previous / current / next / last, following the spec's show-and-hide rules. */
export function Pager({ page, lastPage, onChange, label = 'Pages' }: PagerProps) {
  const state = pagerState(page, lastPage);
  return (
    <Group component="nav" aria-label={label} gap="xs" justify="center" mt="md">
      {state.first && (
        <Button variant="default" size="xs" onClick={() => onChange(1)} aria-label="First page">
          « First
        </Button>
      )}
      {state.previous && (
        <Button variant="default" size="xs" onClick={() => onChange(state.shown - 1)} aria-label="Previous page">
          ‹ Previous
        </Button>
      )}
      <Text size="sm" aria-current="page" px="sm">
        Page {state.shown} of {Math.max(lastPage, 0)}
      </Text>
      {state.next && (
        <Button variant="default" size="xs" onClick={() => onChange(state.shown + 1)} aria-label="Next page">
          Next ›
        </Button>
      )}
      {state.last && (
        <Button variant="default" size="xs" onClick={() => onChange(lastPage)} aria-label="Last page">
          Last »
        </Button>
      )}
    </Group>
  );
}
