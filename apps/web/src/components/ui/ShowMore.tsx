import { Button, Center } from '@mantine/core';

export interface ShowMoreProps {
  hasMore: boolean;
  loading: boolean;
  onClick: () => void;
  label?: string;
}

/**
 * Appends the next page to a list (pair it with useInfiniteQuery: hasMore = hasNextPage,
 * onClick = fetchNextPage). Hidden when the last page is shown.
 */
export function ShowMore({ hasMore, loading, onClick, label = 'Show more' }: ShowMoreProps) {
  if (!hasMore) return null;
  return (
    <Center mt="md">
      <Button variant="light" onClick={onClick} loading={loading}>
        {label}
      </Button>
    </Center>
  );
}
