import { Alert, Anchor } from '@mantine/core';
import { identityTexts } from '@portal/contract';
import { Link } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { useProfile } from '../api/get-profile.ts';

/** Reminds a signed-in user whose email address is not verified yet (they may sign in for 72 hours). */
export function UnverifiedEmailBanner() {
  const { data } = useProfile();
  if (!data || data.email_verified) return null;
  return (
    <Alert color="yellow" variant="light" mb="md" role="status" data-testid="unverified-banner">
      {identityTexts.unverifiedBanner}{' '}
      <Anchor component={Link} to={paths.resendVerification(data.email_nm)} size="sm" fw={600}>
        Send a new link
      </Anchor>
    </Alert>
  );
}
