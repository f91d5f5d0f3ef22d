import { Anchor, AspectRatio, Card, Image, Stack, Text } from '@mantine/core';
import type { ResourceSummary } from '@portal/contract';
import { Link } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { alternativeLinkProps } from '../alternative-link.ts';
import { formatPostDate } from '../post-date.ts';

/** One article in a list: thumbnail of the first image, title, post date, excerpt and the optional link. */
export function ResourceCard({ resource }: { resource: ResourceSummary }) {
  const thumbnail = resource.image[0]?.thumbnail;
  return (
    <Card withBorder radius="md" padding="md" component="article" data-testid="resource-card">
      {thumbnail && (
        <Card.Section>
          <AspectRatio ratio={16 / 9}>
            <Image src={thumbnail} alt="" loading="lazy" />
          </AspectRatio>
        </Card.Section>
      )}
      <Stack gap={6} mt={thumbnail ? 'sm' : 0}>
        <Text size="xs" c="dimmed">
          {formatPostDate(resource.postDate)}
        </Text>
        <Anchor component={Link} to={paths.resource(resource.id)} fw={700} size="md" c="var(--mantine-color-text)">
          {resource.title}
        </Anchor>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {resource.excerpt}
        </Text>
        {resource.alternativeLinkUrl && (
          <Anchor {...alternativeLinkProps(resource.alternativeLinkUrl)} size="sm">
            {resource.alternativeLinkText}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
