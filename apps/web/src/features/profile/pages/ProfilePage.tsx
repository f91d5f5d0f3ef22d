import { Paper, Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';

import { PageStates } from '../../../components/ui/PageStates.tsx';
import { SignOutEverywhere } from '../../auth/index.ts';
import type { ProfileTab } from '../../../config/paths.ts';
import { useProfile } from '../api/get-profile.ts';
import { PasswordForm } from '../components/PasswordForm.tsx';
import { ProfileForm } from '../components/ProfileForm.tsx';
import { TwoFactorPanel } from '../components/TwoFactorPanel.tsx';

const tabs: readonly ProfileTab[] = ['profile', 'password', 'two-factor'];
const isTab = (value: string | null): value is ProfileTab => tabs.includes(value as ProfileTab);

/** users/update-profile?tab-target={profile|password|two-factor}: the profile, password and two-factor tabs. */
export function ProfilePage() {
  const [params, setParams] = useSearchParams();
  const target = params.get('tab-target');
  const tab: ProfileTab = isTab(target) ? target : 'profile';
  const query = useProfile();

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Update Profile
      </Title>
      <PageStates data={query.data} error={query.error} isPending={query.isPending}>
        {(current) => (
          <>
            <Paper withBorder radius="md" p="md">
              <Tabs
                value={tab}
                onChange={(value) => isTab(value) && setParams({ 'tab-target': value }, { replace: true })}
                keepMounted={false}
              >
                <Tabs.List mb="md">
                  <Tabs.Tab value="profile">Profile</Tabs.Tab>
                  <Tabs.Tab value="password">Password</Tabs.Tab>
                  <Tabs.Tab value="two-factor">Two-factor</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="profile">
                  <ProfileForm current={current} />
                </Tabs.Panel>
                <Tabs.Panel value="password">
                  <PasswordForm email={current.email_nm} />
                </Tabs.Panel>
                <Tabs.Panel value="two-factor">
                  <TwoFactorPanel enabled={current.two_factor_enabled} />
                </Tabs.Panel>
              </Tabs>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <SignOutEverywhere />
            </Paper>
          </>
        )}
      </PageStates>
    </Stack>
  );
}
