import type { Db } from '../db/client.ts';
import type { BulkWriter, Ids } from './bulk.repository.ts';
import type { FeedSink } from './feed.ts';
import type { NoticeRecipients } from './notices.ts';

/**
 * What every generator gets: the clock, the feed (integration upsert services) for what a provider
 * sends, the row writer for what has no feed (charts, content), the provider's own numbering and the
 * shared hashes.
 */
export interface SeedContext {
  now: Date;
  db: Db;
  /** The provider's feed: the upsert services, or the benchmark seed's bulk fast path. */
  feed: FeedSink;
  bulk: BulkWriter;
  /** The provider's numbering of orders, invoices and tickets (their keys are built from it). */
  ids: Ids;
  /** DEMO_PASSWORD hashed once with argon2id and reused for every user (hashing is slow on purpose). */
  passwordHash: string;
  pinHash: string;
  team: readonly TeamMember[];
  agreements: readonly AgreementRef[];
  /** Who gets which notification, gathered account by account and sent once all accounts are in. */
  notices: NoticeRecipients;
}

export interface AgreementRef {
  legal_agreement_id: number;
  title: string;
  active: boolean;
  created_at: Date;
}

export type TeamRole = 'account-manager' | 'engineer' | 'project-manager' | 'success-manager';

export interface TeamMember {
  team_member_id: number;
  first_nm: string;
  last_nm: string;
  team_title: string;
  email_nm: string;
  phones: readonly string[];
  role: TeamRole;
}

export interface UserRef {
  user_id: number;
  first_nm: string;
  last_nm: string;
  email_nm: string;
  phone: string;
}

export type BillingProfile = 'normal' | 'aging' | 'recent-unpaid' | 'old-debt';
export type MetricLevel = 'full' | 'light' | 'sparse';

/** One account to fill, with the knobs that make the demo accounts show what they must. */
export interface AccountPlan {
  account_id: number;
  account_number: string;
  name: string;
  company_nm: string;
  /** Short upper-case code of the company, for customer references ('ACME'). */
  code: string;
  city: string;
  status: 'A' | 'D';
  createdAt: Date;
  holders: readonly UserRef[];
  orderRange: readonly [number, number];
  pending: number;
  /** Product controllers that must each get at least one active order. */
  controllers: readonly string[];
  ticketStatuses: readonly string[];
  /** How far back (days) its finished tickets were last updated. */
  ticketHistoryDays: number;
  /** Monthly invoices, the current month's included. */
  invoiceMonths: number;
  /** Network services it has had since it opened (the oldest invoices bill them). */
  foundingOrders: number;
  /**
   * Which notifications it gets: 'all' of them, or its share (0-1) of the older notices (the past year's
   * maintenance) beside a few of the current ones.
   */
  notices: 'all' | number;
  billing: BillingProfile;
  metrics: MetricLevel;
  /** Demo accounts get a fuller set of notifications than generated ones. */
  demo: boolean;
}

/** A component as the portal stored it (its id, for the usage series of usage-based orders). */
export interface ComponentRecord {
  component_id: number;
  description: string;
  unit: string | null;
  quantity: number;
  mrcCents: number;
}

/** An order as the portal stored it, with what the other generators need to know of it. */
export interface OrderRecord {
  base_order_id: number;
  order_number: string;
  product_cd: string;
  controller: string;
  group: string;
  status: 'A' | 'P' | 'D';
  circuit: string;
  mrcCents: number;
  /** First day billed: the contract start, or the order's creation when it has no contract. */
  billedFrom: Date;
  components: readonly ComponentRecord[];
}
