import { Alert, Stack } from '@mantine/core';

export interface OutageBannersProps {
  outages: readonly { outage_id: number; message: string }[] | undefined;
}

/** Current outage notices, as banners (login page and dashboard). Nothing when there are none. */
export function OutageBanners({ outages }: OutageBannersProps) {
  if (!outages || outages.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="outages">
      {outages.map((outage) => (
        <Alert key={outage.outage_id} color="orange" variant="filled" title="Service outage" role="alert">
          {outage.message}
        </Alert>
      ))}
    </Stack>
  );
}
