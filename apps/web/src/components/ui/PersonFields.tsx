import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface PersonFieldsProps {
  firstName: UseFormRegisterReturn;
  lastName: UseFormRegisterReturn;
  email: UseFormRegisterReturn;
  errors: { firstName?: string | undefined; lastName?: string | undefined; email?: string | undefined };
  /** Off where someone types another person's details, so the browser does not offer their own. */
  autoFill?: boolean;
  /** The address is given (an invitation's), not chosen. */
  emailReadOnly?: boolean;
}

/** First name, last name and email: the person block of the sign-up, profile and add-user forms. */
export function PersonFields({
  firstName,
  lastName,
  email,
  errors,
  autoFill = true,
  emailReadOnly = false,
}: PersonFieldsProps) {
  const auto = (hint: string) => (autoFill ? hint : 'off');
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="First name"
          required
          autoComplete={auto('given-name')}
          error={errors.firstName}
          {...firstName}
        />
        <TextInput
          label="Last name"
          required
          autoComplete={auto('family-name')}
          error={errors.lastName}
          {...lastName}
        />
      </SimpleGrid>
      <TextInput
        label="Email"
        type="email"
        required
        readOnly={emailReadOnly}
        autoComplete={auto('email')}
        error={errors.email}
        {...email}
      />
    </>
  );
}
