import { Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

import { paths } from '../config/paths.ts';
import classes from './RouteError.module.css';

/** Last-resort error page (a failed chunk load after a release, or a bug in a page). */
export function RouteError() {
  const error = useRouteError();
  const reloadNeeded =
    error instanceof TypeError && /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed" ta="center">
          {isRouteErrorResponse(error)
            ? `${error.status} ${error.statusText}`
            : reloadNeeded
              ? 'A new version of the portal is available. Please reload the page.'
              : 'The page could not be shown. Please try again.'}
        </Text>
        {reloadNeeded ? (
          <button type="button" className={classes.button} onClick={() => window.location.reload()}>
            Reload
          </button>
        ) : (
          <Link className={classes.button} to={paths.home()}>
            Go to the dashboard
          </Link>
        )}
      </Stack>
    </Center>
  );
}

export function HydrateFallback() {
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Text c="dimmed">Loading the portal…</Text>
    </Center>
  );
}
