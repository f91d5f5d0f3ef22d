import { Anchor, Button, Group, Image, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import type { Resource } from '@portal/contract';
import { Link, useLoaderData } from 'react-router';

import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { useResource } from '../api/get-resource.ts';
import { ResourceBreadcrumbs } from '../components/ResourceBreadcrumbs.tsx';
import { alternativeLinkProps } from '../alternative-link.ts';
import { formatPostDate } from '../post-date.ts';

function Article({ resource }: { resource: Resource }) {
  const image = resource.image[0]?.url;
  return (
    <Stack gap="md" maw={860}>
      <ResourceBreadcrumbs categoryId={resource.category} current={resource.title} />
      <div>
        <Title order={1} size="h2">
          {resource.title}
        </Title>
        <Text size="sm" c="dimmed">
          Posted {formatPostDate(resource.postDate)}
        </Text>
      </div>
      {image && <Image src={image} alt="" radius="md" mah={360} fit="cover" />}
      <Paper withBorder radius="md" p="lg">
        {/* The API sanitised this HTML (no scripts, handlers or frames); inserted HTML never runs scripts. */}
        <Typography>
          <div data-testid="resource-body" dangerouslySetInnerHTML={{ __html: resource.body }} />
        </Typography>
      </Paper>
      <Group justify="space-between">
        <Anchor component={Link} to={paths.resources(resource.category)} size="sm">
          Back to the list
        </Anchor>
        {resource.alternativeLinkUrl && (
          <Button component="a" {...alternativeLinkProps(resource.alternativeLinkUrl)} variant="light" size="sm">
            {resource.alternativeLinkText}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** resources/view/{resourceId}: title, post date, image, body and the alternative link. */
export function ResourcePage() {
  const { resourceId } = useLoaderData<{ resourceId: number }>();
  const query = useResource(resourceId);
  if (query.error) return <ErrorBox error={query.error} />;
  if (query.isPending) return <LoadingState />;
  if (!query.data) return <ErrorBox message="This resource was not found." />;
  return <Article resource={query.data} />;
}
