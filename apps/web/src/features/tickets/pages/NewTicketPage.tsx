import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { tickets, type OrderDetail } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { Link, useLoaderData, useNavigate } from 'react-router';
import type { z } from 'zod';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { useOrder, OrderLoadError } from '../../services/index.ts';
import { useCreateTicket } from '../api/create-ticket.ts';
import { useTicketContact } from '../api/get-ticket-contact.ts';
import { AttachmentPicker } from '../components/AttachmentPicker.tsx';
import { TicketsBreadcrumbs } from '../components/TicketsBreadcrumbs.tsx';
import { useAttachments } from '../components/use-attachments.ts';

const schema = tickets.newTicketInput.omit({ base_order_id: true, attachment_ids: true });
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

const impactOptions = [
  { value: '', label: 'Choose how you are affected' },
  ...tickets.ticketImpacts.map((impact) => ({ value: impact, label: tickets.ticketImpactLabels[impact] })),
];

function NewTicketForm({
  order,
  contact,
}: {
  order: OrderDetail;
  contact: Pick<Input, 'contact_name' | 'contact_email' | 'contact_phone'>;
}) {
  const navigate = useNavigate();
  const mutation = useCreateTicket();
  const attachments = useAttachments();
  const { register, handleSubmit, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { subject: '', description: '', impact: '' as Input['impact'], ...contact },
  });
  const { errors } = formState;

  return (
    <form
      aria-label="New ticket"
      noValidate
      onSubmit={handleSubmit((values) =>
        mutation.mutate(
          { ...values, base_order_id: order.base_order_id, attachment_ids: attachments.ids },
          { onSuccess: (created) => void navigate(paths.ticket(created.ticket_id), { state: { created: true } }) },
        ),
      )}
    >
      <Stack gap="md">
        <FormErrors error={mutation.error} />
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              What is wrong?
            </Title>
            <TextInput
              label="Subject"
              required
              maxLength={150}
              error={errors.subject?.message}
              {...register('subject')}
            />
            <NativeSelect
              label="Impact"
              required
              data={impactOptions}
              error={errors.impact?.message}
              {...register('impact')}
            />
            <Textarea
              label="Description"
              description="What happens, since when, what you already tried, and when our engineers may reach you."
              required
              autosize
              minRows={5}
              maxRows={16}
              maxLength={tickets.messageBodyMaxLength}
              error={errors.description?.message}
              {...register('description')}
            />
            <AttachmentPicker attachments={attachments} />
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Who should we contact?
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label="Name"
                required
                autoComplete="name"
                error={errors.contact_name?.message}
                {...register('contact_name')}
              />
              <TextInput
                label="Email"
                required
                type="email"
                autoComplete="email"
                error={errors.contact_email?.message}
                {...register('contact_email')}
              />
              <TextInput
                label="Phone"
                type="tel"
                autoComplete="tel"
                error={errors.contact_phone?.message}
                {...register('contact_phone')}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
        <Group justify="space-between">
          <Anchor component={Link} to={paths.service(order.product_controller, order.base_order_id)} size="sm">
            Back to the service
          </Anchor>
          <Button type="submit" loading={mutation.isPending} disabled={attachments.busy}>
            Open ticket
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** r/tickets/new-ticket/{baseOrderId}: opens a ticket on one of the user's services. */
export function NewTicketPage() {
  const { baseOrderId } = useLoaderData<{ baseOrderId: number }>();
  const order = useOrder(baseOrderId);
  const contact = useTicketContact();

  let body;
  if (order.error) body = <OrderLoadError error={order.error} />;
  else if (!order.data || contact.isPending) body = <LoadingState />;
  else {
    const o = order.data;
    body = (
      <>
        <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
          <Text size="sm" fw={600}>
            {o.alias ? `${o.alias} · ${o.product}` : o.product}
          </Text>
          <Text size="sm" c="dimmed">
            Order {o.order_number}
            {o.uss_circuit_id ? ` · Circuit ${o.uss_circuit_id}` : ''} · {o.account.name} ({o.account.account_number})
          </Text>
        </Paper>
        <NewTicketForm order={o} contact={contact.data ?? { contact_name: '', contact_email: '', contact_phone: '' }} />
      </>
    );
  }

  return (
    <Stack gap="md">
      <TicketsBreadcrumbs current="New ticket" />
      <Title order={1} size="h2">
        Open a Ticket
      </Title>
      {body}
    </Stack>
  );
}
