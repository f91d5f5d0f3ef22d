import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Paper, Stack, Textarea, Title } from '@mantine/core';
import { tickets } from '@portal/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormActions } from '../../../components/ui/FormActions.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { useReplyToTicket } from '../api/reply-to-ticket.ts';
import { AttachmentPicker } from './AttachmentPicker.tsx';
import { useAttachments } from './use-attachments.ts';

const schema = tickets.replyToTicket.input.pick({ body: true });
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

/** The customer's reply: text and attachments. Sending clears "Response Requested". */
export function ReplyForm({ ticketId, awaitingResponse }: { ticketId: number; awaitingResponse: boolean }) {
  const mutation = useReplyToTicket();
  const attachments = useAttachments();
  const { register, handleSubmit, formState, reset } = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { body: '' },
  });

  return (
    <Paper withBorder radius="md" p="md">
      <form
        aria-label="Reply"
        noValidate
        onSubmit={handleSubmit((values) =>
          mutation.mutate(
            { ticketId, body: values.body, attachment_ids: attachments.ids },
            {
              onSuccess: () => {
                reset({ body: '' });
                attachments.reset();
              },
            },
          ),
        )}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {awaitingResponse ? 'Send your response' : 'Reply'}
          </Title>
          {mutation.isSuccess && !formState.isDirty && (
            <Alert color="green" variant="light" role="status">
              Your reply was sent. Our support team has been notified.
            </Alert>
          )}
          <FormErrors error={mutation.error} />
          <Textarea
            label="Message"
            required
            autosize
            minRows={4}
            maxRows={16}
            maxLength={tickets.messageBodyMaxLength}
            error={formState.errors.body?.message}
            {...register('body')}
          />
          <AttachmentPicker attachments={attachments} />
          <FormActions submit="Send reply" pending={mutation.isPending} disabled={attachments.busy} />
        </Stack>
      </form>
    </Paper>
  );
}
