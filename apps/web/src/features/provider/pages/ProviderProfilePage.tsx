import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { provider, type ProfileFields, type SaveProfileInput, type StaffProfile } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { PageStates } from '../../../components/ui/PageStates.tsx';
import { formatDateTime } from '../../../lib/formats.ts';
import { useProfile } from '../api/get-profile.ts';
import { useSaveProfile } from '../api/save-profile.ts';
import { ImageField, type ImageChoice } from '../components/ImageField.tsx';

/** The form's fields as typed (the optional ones may be left out); the schema gives ProfileFields. */
type FormValues = Omit<SaveProfileInput, 'logo' | 'favicon'>;

/** Where the profile in force comes from; without one the layout says that it is missing. */
const sourceText: Record<StaffProfile['source'], string> = {
  saved: 'Saved on this page.',
  deployment:
    "From the deployment's settings (PROVIDER_PROFILE_FILE, PROVIDER_*). Saving here stores it in the database, which then wins over them.",
  none: '',
};

/** The header as it will look: the logo (or the portal's mark) and the name on the primary colour, and the accent. */
function Preview({ control, logo }: { control: Control<FormValues, unknown, ProfileFields>; logo: string | null }) {
  const [name, primary, accent] = useWatch({ control, name: ['portal_name', 'primary_color', 'accent_color'] });
  const ok = (color: string) => /^#[0-9a-fA-F]{6}$/.test(color);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        Preview
      </Text>
      <Group
        gap="sm"
        p="sm"
        style={{ background: ok(primary) ? primary : '#334155', borderRadius: 8 }}
        data-testid="profile-preview"
      >
        {logo ? <img src={logo} alt="Logo preview" style={{ height: 30, width: 'auto', maxWidth: 120 }} /> : null}
        <Text c="#ffffff" fw={700}>
          {name || provider.neutralPortalName}
        </Text>
        <Text size="sm" c="#ffffff" px="xs" style={{ background: ok(accent) ? accent : '#0f766e', borderRadius: 4 }}>
          Accent
        </Text>
      </Group>
    </Stack>
  );
}

/** admin/provider-profile (staff level 3): the provider's identity on every page, mail and invoice PDF. */
export function ProviderProfilePage() {
  const profile = useProfile();
  return (
    <Stack gap="md" maw={1000}>
      <Title order={1} size="h2">
        Provider Profile
      </Title>
      <Text size="sm" c="dimmed">
        The name, contacts and colours every page, mail and invoice PDF of the portal shows. A save reaches every server
        within seconds.
      </Text>
      <PageStates data={profile.data} error={profile.error} isPending={profile.isPending}>
        {(held) => <ProfileForm held={held} />}
      </PageStates>
    </Stack>
  );
}

function ProfileForm({ held }: { held: StaffProfile }) {
  const save = useSaveProfile();
  const [logo, setLogo] = useState<ImageChoice>(undefined);
  const [favicon, setFavicon] = useState<ImageChoice>(undefined);
  const { register, handleSubmit, control, formState, reset } = useForm<FormValues, unknown, ProfileFields>({
    resolver: zodResolver(provider.profileFields),
  });
  const { errors } = formState;

  // A portal without a profile starts from an empty name, not the neutral one.
  useEffect(() => {
    reset(held.source === 'none' ? { ...held.fields, portal_name: '' } : held.fields);
  }, [held, reset]);

  const shownLogo = logo === undefined ? held.logo_url : logo;

  const text = (
    name: keyof ProfileFields,
    label: string,
    options: { required?: boolean; description?: string } = {},
  ) => (
    <TextInput
      label={label}
      required={options.required}
      description={options.description}
      autoComplete="off"
      error={errors[name]?.message}
      {...register(name)}
    />
  );

  return (
    <Stack gap="md">
      {held.source === 'none' ? null : <Text size="sm">{sourceText[held.source]}</Text>}
      {held.updated_at ? (
        <Text size="xs" c="dimmed">
          Last saved {formatDateTime(held.updated_at)}
        </Text>
      ) : null}
      <Paper withBorder p="md" radius="md">
        <form
          noValidate
          aria-label="Provider profile"
          onSubmit={handleSubmit((values) =>
            save.mutate(
              { ...values, ...(logo === undefined ? {} : { logo }), ...(favicon === undefined ? {} : { favicon }) },
              {
                onSuccess: () => {
                  setLogo(undefined);
                  setFavicon(undefined);
                },
              },
            ),
          )}
        >
          <Stack gap="md">
            <FormErrors error={save.error} />
            {save.isSuccess && !save.isPending ? (
              <Alert color="green" role="status">
                The provider profile is saved.
              </Alert>
            ) : null}
            <Title order={2} size="h4">
              Names
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('portal_name', 'Portal name', {
                required: true,
                description: 'Shown in the header and page titles',
              })}
              {text('company_name', 'Company legal name', { required: true })}
              <Textarea
                label="Postal address"
                description="One line per line of the invoice letterhead"
                autosize
                minRows={2}
                error={errors.postal_address?.message}
                {...register('postal_address')}
              />
              <Stack gap="md">
                {text('tax_id', 'Tax or registration number')}
                {text('website', 'Website', { description: 'https://…' })}
              </Stack>
            </SimpleGrid>
            <Title order={2} size="h4">
              Contacts
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('support_email', 'Support email', {
                required: true,
                description: 'New tickets and requests go here',
              })}
              {text('support_phone', 'Support phone')}
              {text('billing_email', 'Billing email', { description: 'Empty: the support email' })}
              {text('billing_phone', 'Billing phone', { description: 'Empty: the support phone' })}
            </SimpleGrid>
            <Title order={2} size="h4">
              Look
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('primary_color', 'Primary colour', {
                required: true,
                description: 'Header and buttons, #rrggbb; white text must reach 4.5:1 on it',
              })}
              {text('accent_color', 'Accent colour', {
                required: true,
                description: 'The mark and highlights, #rrggbb; white text must reach 4.5:1 on it',
              })}
              <ImageField label="Logo" held={held.logo_url} value={logo} onChange={setLogo} />
              <ImageField label="Favicon" held={held.favicon_url} value={favicon} onChange={setFavicon} />
            </SimpleGrid>
            <Preview control={control} logo={shownLogo} />
            <Title order={2} size="h4">
              Mail and formats
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('mail_from_name', 'Mail sender name', { description: 'Empty: the portal name' })}
              {text('mail_from_address', 'Mail sender address', {
                description: `Empty: MAIL_FROM, else no-reply at the portal's host`,
              })}
              <Textarea
                label="Mail footer"
                description="The closing lines of every mail. Empty: the portal and company name, and support contacts"
                autosize
                minRows={2}
                error={errors.mail_footer?.message}
                {...register('mail_footer')}
              />
              {text('locale', 'Date and number locale', {
                description: `e.g. en-US or de-DE. Empty: the deployment's ${held.deployment_locale}`,
              })}
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save profile
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
