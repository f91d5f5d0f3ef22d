import { zodResolver } from '@hookform/resolvers/zod';
import { TextInput } from '@mantine/core';
import { messages, users } from '@portal/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { RedirectNotice } from '../../../components/ui/RedirectNotice.tsx';
import { paths } from '../../../config/paths.ts';
import { useViewerAccounts } from '../administered.ts';
import { useAddExistingUser } from '../api/add-existing-user.ts';
import { AccessLevelsInput } from '../components/AccessLevelsInput.tsx';
import { InvitationForm, noAccess } from '../components/InvitationForm.tsx';
import { UsersAreaPage } from '../components/UsersAreaPage.tsx';

const schema = users.addExistingUser.input;
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

/** users/add-existing-user: a portal user's email and an access level per administered account. */
export function AddExistingUserPage() {
  return (
    <UsersAreaPage title="Add Existing User" noPermission={messages.noPermissionAddUsers}>
      <AddExistingUserForm />
    </UsersAreaPage>
  );
}

function AddExistingUserForm() {
  const { administered } = useViewerAccounts();
  const mutation = useAddExistingUser();
  const { register, handleSubmit, control, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: {
      email_nm: '',
      accounts: noAccess(administered),
    },
  });
  const { errors } = formState;

  // The answer is the same whether or not the address has a portal user (it never says which):
  // the server's message tells the administrator what happens in either case.
  if (mutation.isSuccess) return <RedirectNotice to={paths.users()} message={mutation.data.message} />;

  return (
    <InvitationForm
      label="Add existing user"
      onSubmit={handleSubmit((values) => mutation.mutate(values))}
      error={mutation.error}
      pending={mutation.isPending}
      note="We send the person a link to accept the access. It applies once they accept; until then the invitation is listed under Pending invitations."
    >
      <TextInput
        label="Email of the portal user"
        type="email"
        required
        autoComplete="off"
        error={errors.email_nm?.message}
        {...register('email_nm')}
      />
      <AccessLevelsInput control={control} accounts={administered} />
    </InvitationForm>
  );
}
