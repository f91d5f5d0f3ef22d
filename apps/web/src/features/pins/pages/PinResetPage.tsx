import { Alert, Anchor, Code, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { messages } from '@portal/contract';
import { Link, useLoaderData } from 'react-router';

import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { useResetPin } from '../api/reset-pin.ts';

/** pins/reset/{resetKey}/{accountId}: spends the link and shows the account and its new PIN. */
export function PinResetPage() {
  const { resetKey, accountId } = useLoaderData<{ resetKey: string; accountId: number }>();
  const query = useResetPin(resetKey, accountId);

  let body;
  if (query.error) {
    body =
      isApiError(query.error) && query.error.code === 'NOT_FOUND' ? (
        <Alert color="red" variant="light" role="alert" data-testid="pin-link-invalid">
          <Text size="sm">{messages.pinLinkInvalid}</Text>
          <Anchor component={Link} to={paths.pins()} size="sm" mt="xs" display="inline-block">
            Reset the PIN for this account
          </Anchor>
        </Alert>
      ) : (
        <ErrorBox error={query.error} />
      );
  } else if (!query.data) {
    body = <LoadingState label="Resetting the PIN…" />;
  } else {
    const data = query.data;
    body = (
      <Paper withBorder radius="md" p="md" maw={560}>
        <SimpleGrid cols={2} spacing="md">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Account number
            </Text>
            <Text size="sm">{data.account_number}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Account name
            </Text>
            <Text size="sm">{data.name}</Text>
          </div>
        </SimpleGrid>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} mt="lg">
          New PIN
        </Text>
        <Code fz={28} fw={700} px="md" py={6} data-testid="new-pin" style={{ letterSpacing: 4 }}>
          {data.pin}
        </Code>
        <Text size="sm" c="dimmed" mt="md">
          Keep this PIN somewhere safe: it is shown only this once. Our support team will ask for it before making
          changes to this account.
        </Text>
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Reset PIN
      </Title>
      {body}
    </Stack>
  );
}
