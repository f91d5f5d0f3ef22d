import { Paper, Stack, Text, Title } from '@mantine/core';
import { contact } from '@portal/contract';
import { useLoaderData } from 'react-router';

import { useLoginData } from '../../../lib/use-session.ts';
import { InquiryForm } from '../components/InquiryForm.tsx';
import type { InquiryRoute } from '../inquiry-route.ts';

const intro: Record<InquiryRoute['type'], string> = {
  pending: 'Ask your project team about this pending order.',
  ticket: 'Ask our support team about this trouble ticket.',
  notification: 'Ask about this maintenance or outage notification.',
  feedback: 'Tell us what works and what could be better in the customer portal.',
};

/** inquire/{type}/{display}/{value}: an inquiry about an order, ticket or notification, or portal feedback. */
export function InquirePage() {
  const route = useLoaderData() as InquiryRoute;
  const { user } = useLoginData();
  const subject = contact.inquirySubject(route.type, route.display);
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        {contact.inquiryTitles[route.type]}
      </Title>
      <Text size="sm" c="dimmed">
        {intro[route.type]} We answer by email, usually within one business day.
      </Text>
      <Paper withBorder radius="md" p="lg">
        {/* A new route (another order or ticket) starts a fresh form. */}
        <InquiryForm
          key={`${route.type}/${route.display}/${route.value ?? ''}`}
          route={route}
          subject={subject}
          user={user}
        />
      </Paper>
    </Stack>
  );
}
