import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { accounts } from '@portal/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormActions } from '../../../components/ui/FormActions.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { RedirectNotice } from '../../../components/ui/RedirectNotice.tsx';
import { paths } from '../../../config/paths.ts';
import { loadLoginData } from '../../../lib/login-data.ts';
import { useAddAccount } from '../api/add-account.ts';

const schema = accounts.addAccount.input;
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

/** users/add-account: links an account by its account number and one of its invoice numbers. */
export function AddAccountPage() {
  const mutation = useAddAccount();
  const { register, handleSubmit, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { account_number: '', invoice_number: '' },
  });
  const { errors } = formState;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Add Account
      </Title>
      {mutation.isSuccess ? (
        <RedirectNotice
          to={paths.removeAccounts()}
          message={`${mutation.data.name} (${mutation.data.account_number}) was added to your portal user${
            mutation.data.is_account_admin ? ' as its administrator' : ''
          }.`}
        />
      ) : (
        <Paper withBorder p="md" radius="md" maw={560}>
          <form
            aria-label="Add account"
            noValidate
            onSubmit={handleSubmit((values) => mutation.mutate(values, { onSuccess: () => void loadLoginData() }))}
          >
            <Stack gap="md">
              <Text size="sm">
                Enter the account number and the number of one of its invoices, as printed on the invoice.
              </Text>
              <FormErrors error={mutation.error} />
              <TextInput
                label="Account number"
                required
                inputMode="numeric"
                autoComplete="off"
                error={errors.account_number?.message}
                {...register('account_number')}
              />
              <TextInput
                label="Invoice number"
                required
                autoComplete="off"
                error={errors.invoice_number?.message}
                {...register('invoice_number')}
              />
              <FormActions submit="Add account" pending={mutation.isPending} />
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
