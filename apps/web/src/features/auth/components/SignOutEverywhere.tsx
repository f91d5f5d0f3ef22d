import { Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { paths } from '../../../config/paths.ts';
import { useSignOutEverywhere } from '../api/sign-out-everywhere.ts';

/** Ends every session of the user (other browsers and devices too), then signs out here. */
export function SignOutEverywhere() {
  const end = useSignOutEverywhere();
  const navigate = useNavigate();
  return (
    <Stack gap="sm" data-testid="sign-out-everywhere">
      <Text fw={600}>Sessions</Text>
      <Text size="sm">
        Signed in on a computer or phone you no longer use? Sign out everywhere: every browser and device signed in as
        you, this one included, has to sign in again.
      </Text>
      <FormErrors error={end.error} />
      <Group>
        <Button
          color="red"
          variant="light"
          loading={end.isPending}
          onClick={() => end.mutate(undefined, { onSuccess: () => navigate(paths.logout()) })}
        >
          Sign out everywhere
        </Button>
      </Group>
    </Stack>
  );
}
