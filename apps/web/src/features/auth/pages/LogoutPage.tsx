import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';

import { RedirectNotice } from '../../../components/ui/RedirectNotice.tsx';
import { paths } from '../../../config/paths.ts';
import { titleOf, useBrand } from '../../../lib/brand.ts';
import { getSession, logout } from '../../../lib/session.ts';
import { AuthFrame } from '../components/AuthFrame.tsx';

/** /logout: signs out on this device, says goodbye by first name, then goes to login after 3 s. */
export function LogoutPage() {
  // Read the name before the session is cleared.
  const [firstName] = useState(() => getSession()?.user.first_nm ?? '');
  const brand = useBrand();

  useEffect(() => {
    logout();
  }, []);

  return (
    <AuthFrame>
      <title>{titleOf('Signed out', brand)}</title>
      <Stack gap="md">
        <Title order={1} size="h2">
          {firstName ? `Goodbye, ${firstName}` : 'Signed out'}
        </Title>
        <Text size="sm" c="dimmed">
          You have been signed out of the customer portal.
        </Text>
        <RedirectNotice message={`Thank you for using ${brand.portal_name}.`} to={paths.login()} color="blue" />
      </Stack>
    </AuthFrame>
  );
}
