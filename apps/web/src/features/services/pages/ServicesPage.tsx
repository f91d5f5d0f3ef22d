import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { pageSizes } from '@portal/contract';
import { Link, useLoaderData } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { useLoginData } from '../../../lib/use-session.ts';
import { ServicesList } from '../components/ServicesList.tsx';
import { scopeTitle, servicesHeadline, type ServicesScope } from '../services-scope.ts';

/** services/{group path or product code}: the user's services, 20 a page, with the CSV of the search. */
export function ServicesPage() {
  const scope = useLoaderData<ServicesScope>();
  const session = useLoginData();
  const title = scopeTitle(scope, session.products, session.productGroups);
  const headline = servicesHeadline(title);

  return (
    <Stack gap="md">
      <Breadcrumbs separator="›" aria-label="Breadcrumbs">
        <Anchor component={Link} to={paths.home()} size="sm">
          Dashboard
        </Anchor>
        {scope.kind === 'all' ? (
          <Text size="sm" aria-current="page">
            Services
          </Text>
        ) : (
          [
            <Anchor key="all" component={Link} to={paths.services()} size="sm">
              Services
            </Anchor>,
            <Text key="here" size="sm" aria-current="page">
              {title}
            </Text>,
          ]
        )}
      </Breadcrumbs>
      <Title order={1} size="h2">
        {headline}
      </Title>
      <ServicesList
        key={JSON.stringify(scope)}
        scope={scope}
        perPage={pageSizes.services}
        linkTo={(o) => paths.service(o.product_controller, o.base_order_id)}
        linkLabel="Open service"
        withDownload
        caption={headline}
      />
    </Stack>
  );
}
