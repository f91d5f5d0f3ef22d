import type { BulkWriter, Ids } from './bulk.repository.ts';
import type { TeamMember, TeamRole } from './context.ts';
import type { Random } from './random.ts';

/**
 * The provider's people customers see on the dashboard's team box. Most have an avatar the web app
 * serves ('/portal/avatars/{n}.svg'); one has a deliberately broken avatar URL and one none at all, so
 * the app's fallback image shows.
 */

interface TeamSeed {
  first_nm: string;
  last_nm: string;
  team_title: string;
  role: TeamRole;
  avatar: string | null;
  phones: readonly string[];
}

export const BROKEN_AVATAR = '/portal/avatars/missing-avatar-404.svg';

const avatar = (n: number): string => `/portal/avatars/${n}.svg`;

const TEAM: readonly TeamSeed[] = [
  {
    first_nm: 'Megan',
    last_nm: 'Caldwell',
    team_title: 'Senior Account Manager',
    role: 'account-manager',
    avatar: avatar(1),
    phones: ['+1 (469) 555-0101', '+1 (214) 555-0177'],
  },
  {
    first_nm: 'Derek',
    last_nm: 'Osei',
    team_title: 'Account Manager',
    role: 'account-manager',
    avatar: avatar(2),
    phones: ['+1 (469) 555-0102'],
  },
  {
    first_nm: 'Lauren',
    last_nm: 'Feld',
    team_title: 'Account Manager',
    role: 'account-manager',
    avatar: avatar(3),
    phones: ['+1 (469) 555-0103', '+1 (972) 555-0148'],
  },
  {
    first_nm: 'Hector',
    last_nm: 'Ramos',
    team_title: 'Solutions Engineer',
    role: 'engineer',
    avatar: avatar(4),
    phones: ['+1 (469) 555-0104'],
  },
  {
    first_nm: 'Wei',
    last_nm: 'Zhang',
    team_title: 'Senior Network Engineer',
    role: 'engineer',
    avatar: avatar(5),
    phones: ['+1 (469) 555-0105', '+1 (214) 555-0190'],
  },
  {
    first_nm: 'Aisha',
    last_nm: 'Bello',
    team_title: 'Cloud Solutions Architect',
    role: 'engineer',
    avatar: avatar(6),
    phones: ['+1 (469) 555-0106'],
  },
  {
    first_nm: 'Tom',
    last_nm: 'Becker',
    team_title: 'Backup & DR Engineer',
    role: 'engineer',
    avatar: BROKEN_AVATAR,
    phones: ['+1 (469) 555-0107'],
  },
  {
    first_nm: 'Sofia',
    last_nm: 'Marin',
    team_title: 'Project Manager',
    role: 'project-manager',
    avatar: avatar(8),
    phones: ['+1 (469) 555-0108', '+1 (817) 555-0163'],
  },
  {
    first_nm: 'Ken',
    last_nm: 'Ito',
    team_title: 'Senior Project Manager',
    role: 'project-manager',
    avatar: avatar(9),
    phones: ['+1 (469) 555-0109'],
  },
  {
    first_nm: 'Grace',
    last_nm: 'Holloway',
    team_title: 'Implementation Project Manager',
    role: 'project-manager',
    avatar: null,
    phones: ['+1 (469) 555-0110'],
  },
  {
    first_nm: 'Andre',
    last_nm: 'Wallace',
    team_title: 'Customer Success Manager',
    role: 'success-manager',
    avatar: avatar(11),
    phones: ['+1 (469) 555-0111', '+1 (214) 555-0124'],
  },
  {
    first_nm: 'Nadia',
    last_nm: 'Petrov',
    team_title: 'Security Engineer',
    role: 'engineer',
    avatar: avatar(12),
    phones: ['+1 (469) 555-0112'],
  },
];

/**
 * The provider's team directory, written directly: the accounts feed names team members only as an
 * account's team and has no avatar, and project managers are on no account's team (decision 076).
 * The accounts feed then puts members on each account's team by their email.
 */
export function seedTeam(bulk: BulkWriter, ids: Ids): TeamMember[] {
  return TEAM.map((t) => {
    const member: TeamMember = {
      team_member_id: ids.next('team_members'),
      first_nm: t.first_nm,
      last_nm: t.last_nm,
      team_title: t.team_title,
      // The account team's own mail domain, not the demo company's: the team stays whatever the profile says.
      email_nm: `${t.first_nm}.${t.last_nm}@team.demo.test`.toLowerCase(),
      phones: t.phones,
      role: t.role,
    };
    const { role: _, ...row } = member;
    bulk.add('team_members', { ...row, avatar: t.avatar });
    return member;
  });
}

const byRole = (team: readonly TeamMember[], role: TeamRole) => team.filter((m) => m.role === role);

/**
 * An account team of 2-4: an account manager, one or two engineers, sometimes a customer success
 * manager. `mustInclude` puts a given member on the team (the demo customer sees the broken avatar).
 */
export function pickAccountTeam(team: readonly TeamMember[], random: Random, mustInclude?: TeamMember): TeamMember[] {
  const members = [random.pick(byRole(team, 'account-manager'))];
  members.push(...random.sample(byRole(team, 'engineer'), random.int(1, 2)));
  if (random.chance(0.4)) members.push(...byRole(team, 'success-manager'));
  if (mustInclude && !members.includes(mustInclude)) members.splice(1, members.length > 3 ? 1 : 0, mustInclude);
  return members.slice(0, 4);
}

/** An account's team as the accounts feed sends it (the list's order is the team box's order). */
export const teamItem = (members: readonly TeamMember[]) =>
  members.map((m) => ({
    email_nm: m.email_nm,
    first_nm: m.first_nm,
    last_nm: m.last_nm,
    team_title: m.team_title,
    phones: [...m.phones],
  }));

export const projectManagers = (team: readonly TeamMember[]): TeamMember[] => byRole(team, 'project-manager');
export const brokenAvatarMember = (team: readonly TeamMember[]): TeamMember | undefined =>
  team.find((m) => m.first_nm === 'Tom' && m.last_nm === 'Becker');
