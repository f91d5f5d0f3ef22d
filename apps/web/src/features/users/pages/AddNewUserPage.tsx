import { zodResolver } from '@hookform/resolvers/zod';
import { messages, users } from '@portal/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { PersonFields } from '../../../components/ui/PersonFields.tsx';
import { RedirectNotice } from '../../../components/ui/RedirectNotice.tsx';
import { paths } from '../../../config/paths.ts';
import { useViewerAccounts } from '../administered.ts';
import { useAddNewUser } from '../api/add-new-user.ts';
import { AccessLevelsInput } from '../components/AccessLevelsInput.tsx';
import { InvitationForm, noAccess } from '../components/InvitationForm.tsx';
import { UsersAreaPage } from '../components/UsersAreaPage.tsx';

type Input = z.input<typeof users.addNewUserInput>;
type Output = z.output<typeof users.addNewUserInput>;

/**
 * users/add-new-user: name, email and an access level per administered account. The person gets an
 * invitation link and sets their own password (an administrator never knows it; decision 084).
 */
export function AddNewUserPage() {
  return (
    <UsersAreaPage title="Add New User" noPermission={messages.noPermissionAddUsers}>
      <AddNewUserForm />
    </UsersAreaPage>
  );
}

function AddNewUserForm() {
  const { administered } = useViewerAccounts();
  const mutation = useAddNewUser();
  const { register, handleSubmit, control, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(users.addNewUserInput),
    defaultValues: {
      email_nm: '',
      first_nm: '',
      last_nm: '',
      accounts: noAccess(administered),
    },
  });
  const { errors } = formState;

  // The answer is the same whether or not the address already has a portal user (it never says which):
  // the server's message tells the administrator what happens in either case.
  if (mutation.isSuccess) return <RedirectNotice to={paths.users()} message={mutation.data.message} />;

  return (
    <InvitationForm
      label="Add new user"
      onSubmit={handleSubmit((values) => mutation.mutate(values))}
      error={mutation.error}
      pending={mutation.isPending}
      note="We send the person an invitation link with which they set their own password. The access applies once they have done so; until then the invitation is listed under Pending invitations."
    >
      <PersonFields
        firstName={register('first_nm')}
        lastName={register('last_nm')}
        email={register('email_nm')}
        errors={{
          firstName: errors.first_nm?.message,
          lastName: errors.last_nm?.message,
          email: errors.email_nm?.message,
        }}
        autoFill={false}
      />
      <AccessLevelsInput control={control} accounts={administered} />
    </InvitationForm>
  );
}
