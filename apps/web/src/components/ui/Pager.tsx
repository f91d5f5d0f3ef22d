import { Button, Group, Text } from '@mantine/core';
import { useEffect } from 'react';

import { pagerState } from './list-state.ts';

export interface PagerProps {
  page: number;
  lastPage: number;
  /** `replace` is set when the pager corrects a page past the end (no extra history entry). */
  onChange: (page: number, options?: { replace?: boolean }) => void;
  /** Accessible name of the navigation landmark, e.g. 'Invoices pages'. */
  label?: string;
}

/** First / previous / current / next / last, following the spec's show-and-hide rules. */
export function Pager({ page, lastPage, onChange, label = 'Pages' }: PagerProps) {
  const state = pagerState(page, lastPage);
  // A page past the end (an old link, a list that shrank) moves to the last page, so the address,
  // the rows and "Page n of n" agree and Back does not return to the empty page.
  const pastEnd = lastPage >= 1 && page > lastPage;
  useEffect(() => {
    if (pastEnd) onChange(lastPage, { replace: true });
  }, [pastEnd, lastPage, onChange]);
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
