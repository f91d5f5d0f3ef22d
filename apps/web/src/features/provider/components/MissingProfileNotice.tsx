import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';

import { paths } from '../../../config/paths.ts';

/** Told to staff while no provider profile names the portal (decision 123). */
export function MissingProfileNotice({ link = false }: { link?: boolean }) {
  return (
    <Alert color="yellow" title="The provider profile is missing" data-testid="missing-profile">
      The portal shows the neutral name “Customer portal” and no company, address or contacts on its pages, mails and
      invoices. A level-3 staff member sets them on the{' '}
      {link ? (
        <Anchor component={Link} to={paths.adminProviderProfile()} underline="always">
          provider profile page
        </Anchor>
      ) : (
        'provider profile page'
      )}
      , or the deployment with PROVIDER_PROFILE_FILE.
    </Alert>
  );
}
