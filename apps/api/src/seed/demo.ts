/**
 * The demo sign-ins and their companies: a contract (see DESIGN.md, "Demo data"). Tests and the app's
 * start-up banner import these; the seed builds exactly these rows before any generated company.
 */

export const DEMO_PASSWORD = 'Portal-Demo-1';
/** Base32 TOTP secret of totp@demo.test (demo only). */
export const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
/** PIN of the demo customer's account that requires one. */
export const DEMO_PIN = '4321';

export const demoEmails = {
  customer: 'customer@demo.test',
  admin: 'admin@demo.test',
  staff1: 'staff1@demo.test',
  staff2: 'staff2@demo.test',
  staff3: 'staff3@demo.test',
  totp: 'totp@demo.test',
  legal: 'legal@demo.test',
  noAccounts: 'noaccounts@demo.test',
  twofaRequired: 'twofa-required@demo.test',
} as const;

export interface DemoAccount {
  account_number: string;
  name: string;
  require_pin: boolean;
  account_status_cd: 'A' | 'D';
  is_2fa_required: boolean;
}

const account = (account_number: string, name: string, flags: Partial<DemoAccount> = {}): DemoAccount => ({
  account_number,
  name,
  require_pin: false,
  account_status_cd: 'A',
  is_2fa_required: false,
  ...flags,
});

/** The demo accounts per sign-in, in the order the seed creates them. */
export const demoAccounts = {
  customer: [
    account('1000101', 'Acme Logistics – Corporate'),
    account('1000102', 'Acme Logistics – Distribution Centers', { require_pin: true }),
    account('1000103', 'Acme Logistics – Legacy Warehouse', { account_status_cd: 'D' }),
  ],
  /** admin@demo.test administers the first two and is a plain user of the third. */
  admin: [
    account('1000201', 'Globex Health – Main Campus'),
    account('1000202', 'Globex Health – Clinics Network'),
    account('1000203', 'Globex Health – Research Labs'),
  ],
  staff: [account('1000301', 'Initech Networks – Operations'), account('1000302', 'Initech Networks – Field Sites')],
  totp: [account('1000401', 'Vandelay Industries')],
  legal: [account('1000501', 'Kessler Architects')],
  twofaRequired: [account('1000601', 'Tyrell Biotech', { is_2fa_required: true })],
} as const satisfies Record<string, readonly DemoAccount[]>;

export interface DemoMember {
  email: string;
  first_nm: string;
  last_nm: string;
  uss_admin_level: number;
  two_factor: boolean;
  /** account_number -> is_account_admin */
  accounts: Readonly<Record<string, boolean>>;
}

export interface DemoCompany {
  name: string;
  domain: string;
  accounts: readonly DemoAccount[];
  users: readonly DemoMember[];
}

const member = (
  email: string,
  first_nm: string,
  last_nm: string,
  accounts: Record<string, boolean>,
  extra: Partial<Pick<DemoMember, 'uss_admin_level' | 'two_factor'>> = {},
): DemoMember => ({ email, first_nm, last_nm, accounts, uss_admin_level: 0, two_factor: false, ...extra });

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    name: 'Acme Logistics',
    domain: 'acme-logistics.example',
    accounts: demoAccounts.customer,
    users: [
      member(demoEmails.customer, 'Casey', 'Morgan', { '1000101': false, '1000102': false, '1000103': false }),
      member('rita.alvarez@acme-logistics.example', 'Rita', 'Alvarez', {
        '1000101': true,
        '1000102': true,
        '1000103': true,
      }),
    ],
  },
  {
    name: 'Globex Health',
    domain: 'globex-health.example',
    accounts: demoAccounts.admin,
    users: [
      member(demoEmails.admin, 'Avery', 'Brooks', { '1000201': true, '1000202': true, '1000203': false }),
      member('dana.whitaker@globex-health.example', 'Dana', 'Whitaker', { '1000201': false }),
      member('miguel.santos@globex-health.example', 'Miguel', 'Santos', { '1000201': false, '1000202': false }),
      member('june.park@globex-health.example', 'June', 'Park', { '1000202': false, '1000203': false }),
    ],
  },
  {
    name: 'Initech Networks',
    domain: 'initech.example',
    accounts: demoAccounts.staff,
    users: [
      member(demoEmails.staff1, 'Sam', 'Rivera', { '1000301': false }, { uss_admin_level: 1 }),
      member(demoEmails.staff2, 'Jordan', 'Blake', { '1000301': false, '1000302': false }, { uss_admin_level: 2 }),
      member(demoEmails.staff3, 'Taylor', 'Quinn', { '1000302': false }, { uss_admin_level: 3 }),
    ],
  },
  {
    name: 'Vandelay Industries',
    domain: 'vandelay.example',
    accounts: demoAccounts.totp,
    users: [member(demoEmails.totp, 'Toni', 'Pratt', { '1000401': false }, { two_factor: true })],
  },
  {
    name: 'Kessler Architects',
    domain: 'kessler-architects.example',
    accounts: demoAccounts.legal,
    users: [member(demoEmails.legal, 'Leslie', 'Grant', { '1000501': false })],
  },
  {
    name: 'Tyrell Biotech',
    domain: 'tyrell-biotech.example',
    accounts: demoAccounts.twofaRequired,
    users: [member(demoEmails.twofaRequired, 'Terry', 'Fox', { '1000601': false })],
  },
];

/** Demo users that hold no account. */
export const DEMO_LOOSE_USERS: readonly DemoMember[] = [member(demoEmails.noAccounts, 'Nico', 'Adams', {})];

/** The agreement legal@demo.test has not accepted (the newest active one). */
export const UNACCEPTED_AGREEMENT_TITLE = 'Privacy Notice';
