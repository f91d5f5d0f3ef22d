import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { useLoginData } from '../../../lib/use-session.ts';

/** Resources › parent category › category (› article). */
export function ResourceBreadcrumbs({ categoryId, current }: { categoryId: number; current?: string }) {
  const { categories } = useLoginData();
  const category = categories.find((c) => c.id === categoryId);
  const parent = category?.parentCat ? categories.find((c) => c.id === category.parentCat) : undefined;
  const trail = [parent, category].filter((c): c is NonNullable<typeof c> => Boolean(c));
  return (
    <Breadcrumbs separator="›" aria-label="Breadcrumbs">
      <Anchor component={Link} to={paths.home()} size="sm">
        Dashboard
      </Anchor>
      {trail.map((c, index) =>
        index === trail.length - 1 && !current ? (
          <Text key={c.id} size="sm" aria-current="page">
            {c.title}
          </Text>
        ) : (
          <Anchor key={c.id} component={Link} to={paths.resources(c.id)} size="sm">
            {c.title}
          </Anchor>
        ),
      )}
      {current && (
        <Text size="sm" aria-current="page" lineClamp={1}>
          {current}
        </Text>
      )}
    </Breadcrumbs>
  );
}
