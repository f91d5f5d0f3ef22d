import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { useLoginData } from '../../../lib/use-session.ts';

/** r/index: the resources start page, the categories with their child categories. */
export function ResourcesIndexPage() {
  const { categories } = useLoginData();
  const roots = categories.filter((c) => c.parentCat === null);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Resources
      </Title>
      <Text size="sm" c="dimmed">
        Guides, release notes and advisories from our teams.
      </Text>
      <List spacing="sm" listStyleType="none">
        {roots.map((root) => (
          <List.Item key={root.id}>
            <Anchor component={Link} to={paths.resources(root.id)} fw={600}>
              {root.title}
            </Anchor>
            <List withPadding size="sm" listStyleType="none">
              {categories
                .filter((c) => c.parentCat === root.id)
                .map((child) => (
                  <List.Item key={child.id}>
                    <Anchor component={Link} to={paths.resources(child.id)} size="sm">
                      {child.title}
                    </Anchor>
                  </List.Item>
                ))}
            </List>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
