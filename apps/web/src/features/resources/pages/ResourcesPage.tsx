import { Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';

import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { ListSearch } from '../../../components/ui/ListSearch.tsx';
import { EmptyState, LoadingState } from '../../../components/ui/PageStates.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { useLoginData } from '../../../lib/use-session.ts';
import { useResources } from '../api/get-resources.ts';
import { ResourceBreadcrumbs } from '../components/ResourceBreadcrumbs.tsx';
import { ResourceCard } from '../components/ResourceCard.tsx';

/** resources/{categoryId}: the articles of a category (and its child categories), paged, with search. */
export function ResourcesPage() {
  const { categoryId } = useLoaderData<{ categoryId: number }>();
  const { categories } = useLoginData();
  const list = useListState();
  const query = useResources(categoryId, list.page, list.search);
  const title = categories.find((c) => c.id === categoryId)?.title ?? 'Resources';
  const answer = query.data;

  return (
    <Stack gap="md">
      <ResourceBreadcrumbs categoryId={categoryId} />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        <ListSearch
          value={list.search}
          onSearch={list.setSearch}
          label="Search resources"
          placeholder="Title or text"
        />
      </Group>
      {query.error ? (
        <ErrorBox error={query.error} />
      ) : !answer ? (
        <LoadingState />
      ) : answer.data.length === 0 ? (
        <EmptyState>
          {list.search ? 'No resources match your search.' : 'There are no resources in this category yet.'}
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {answer.data.map((resource) => (
            <ResourceCard key={resource.id} resource={resource} />
          ))}
        </SimpleGrid>
      )}
      {answer && (
        <Pager
          page={list.page}
          lastPage={answer.meta.pagination.total_pages}
          onChange={list.setPage}
          label="Resource pages"
        />
      )}
    </Stack>
  );
}
