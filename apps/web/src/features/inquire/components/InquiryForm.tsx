import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { contact } from '@portal/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { useSendInquiry } from '../api/inquire.ts';
import type { InquiryRoute } from '../inquiry-route.ts';

type Values = z.input<typeof contact.inquiryInput>;
type Parsed = z.output<typeof contact.inquiryInput>;

export interface InquiryFormProps {
  route: InquiryRoute;
  subject: string;
  /** Prefill from the signed-in user. */
  user: { first_nm: string; last_nm: string; email_nm: string };
}

/** The inquiry form: validated with the contract's rules, sent once, then disabled with a success message. */
export function InquiryForm({ route, subject, user }: InquiryFormProps) {
  const send = useSendInquiry();
  const { register, handleSubmit, formState } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(contact.inquiryInput),
    defaultValues: {
      inquiry_type: route.type,
      subject,
      value: route.value,
      first_name: user.first_nm,
      last_name: user.last_nm,
      email: user.email_nm,
      inquiry: '',
    },
  });
  const { errors } = formState;
  const sent = send.isSuccess;

  return (
    <form onSubmit={handleSubmit((values) => send.mutate(values))} noValidate aria-label={subject}>
      <Stack gap="md">
        <FormErrors error={send.error} />
        {/* Rules outside the visible fields (type, subject, value) would be a bug in the page; show them all the same. */}
        <FormErrors
          messages={[errors.inquiry_type, errors.subject, errors.value].flatMap((e) => (e?.message ? [e.message] : []))}
        />
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Subject
          </Text>
          <Text fw={600} data-testid="inquiry-subject">
            {subject}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            readOnly={sent}
            error={errors.first_name?.message}
            {...register('first_name')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            readOnly={sent}
            error={errors.last_name?.message}
            {...register('last_name')}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          readOnly={sent}
          error={errors.email?.message}
          {...register('email')}
        />
        <Textarea
          label="Your message"
          required
          autosize
          minRows={6}
          maxRows={16}
          readOnly={sent}
          error={errors.inquiry?.message}
          {...register('inquiry')}
        />
        {sent && (
          <Alert color="green" variant="light" role="status" data-testid="inquiry-sent">
            {send.data.message || contact.inquirySent}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending} disabled={sent} data-testid="send-inquiry">
            {sent ? 'Sent' : 'Send'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
