import type { FastifyReply } from 'fastify';

import { audit, staffLevels, type AuditEntry, type AuditFilters, type AuditKind } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { csvRecord, sendCsv } from '../../lib/csv.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { toPage } from '../../lib/paging.ts';
import type { Caller } from '../../lib/scope.ts';
import * as repo from './audit.repository.ts';

export const auditMessages = {
  notAdministrator: "Your account does not have permission to see this account's audit log.",
} as const;

/** What a call site knows of an action; the rest is read from the ids. */
export interface AuditAction {
  kind: AuditKind;
  nowMs: number;
  /**
   * Who acted: a user (with the staff member signed in as them), a customer API token, or staff
   * themselves; also the address the call came from.
   */
  caller?: Caller | null;
  /** The caller is a staff member acting as themself (their own access to an account). */
  asStaff?: boolean;
  /** The user the entry is about, when not the caller (a sign-in, a password reset by link). */
  userId?: number | null;
  staffUserId?: number | null;
  /** The accounts whose log shows it; omitted: every account of the user (else of the token). */
  accountIds?: readonly number[];
  /** An order it concerns: the entry goes to its account, with its number as the subject. */
  orderId?: number | null;
  reason?: string | null;
  callId?: string | null;
  address?: string | null;
  subject?: string | null;
  detail?: string | null;
}

/**
 * Records an entry of the audit log inside the acting transaction (`db` is its handle), so the entry
 * exists only if the action commits; the one way every action writes the log (decision 133).
 */
export async function recordAudit(db: Db, a: AuditAction): Promise<void> {
  const caller = a.caller ?? null;
  const token = caller?.apiToken ?? null;
  const staffActing = caller !== null && Boolean(a.asStaff);
  await repo.insertEntry(db, {
    kind: a.kind,
    nowMs: a.nowMs,
    accountIds: a.accountIds ? [...new Set(a.accountIds)] : null,
    orderId: a.orderId ?? null,
    userId: a.userId ?? (caller && !token && !staffActing ? caller.userId : null),
    staffUserId: a.staffUserId ?? caller?.actorUserId ?? (staffActing ? caller!.userId : null),
    tokenId: token?.id ?? null,
    reason: a.reason ?? null,
    callId: a.callId ?? null,
    address: a.address ?? caller?.address ?? null,
    subject: a.subject ?? null,
    detail: a.detail ?? null,
  });
}

/** The moment before which entries are removed, for a retention in days. */
export const retentionCutoffMs = (nowMs: number, days: number) => nowMs - days * 24 * 60 * 60 * 1000;

/** Removes the entries older than the retention; answers how many went. */
export const pruneAudit = (deps: Pick<Deps, 'db' | 'clock' | 'env'>) =>
  repo.deleteEntriesBefore(deps.db, retentionCutoffMs(deps.clock.now(), deps.env.AUDIT_RETENTION_DAYS));

/** Rows the CSV export reads per query. */
export const csvBatchSize = 500;

const utc = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ');

const csvFields = (e: AuditEntry) => [
  utc(e.occurred_at),
  audit.kindLabels[e.kind],
  e.user_name,
  e.user_email,
  e.staff_name,
  e.reason,
  e.token_name,
  e.call_id,
  e.address,
  e.subject,
  e.detail,
];

const toFilter = (f: AuditFilters): repo.EntryFilter => ({
  accountId: f.account_id,
  userId: f.user_id,
  kind: f.kind,
  from: f.from,
  to: f.to,
});

export function createAuditService(deps: Pick<Deps, 'db'>) {
  /** Staff read any account's log, its administrators their own; another company's account is not found. */
  async function readable(caller: Caller, accountId: number): Promise<{ account_number: string }> {
    if (!caller.apiToken && caller.ussAdminLevel >= staffLevels.accountAccess) {
      const account = await repo.findAccountNumber(deps.db, accountId);
      if (!account) throw notFound();
      return account;
    }
    const role = caller.apiToken ? null : await repo.findAccountRole(deps.db, caller.userId, accountId);
    if (!role) throw notFound();
    if (!role.is_account_admin) throw forbidden(auditMessages.notAdministrator);
    return role;
  }

  async function* csv(filter: repo.EntryFilter): AsyncGenerator<string> {
    yield csvRecord(audit.csvColumns);
    let after: { key: string; id: number } | null = null;
    for (;;) {
      const rows = await repo.findEntriesAfter(deps.db, filter, after, csvBatchSize);
      if (rows.length > 0) yield rows.map((row) => csvRecord(csvFields(row))).join('');
      if (rows.length < csvBatchSize) return;
      const last = rows[rows.length - 1]!;
      after = { key: last.occurred_key, id: last.id };
    }
  }

  return {
    async getEntries(caller: Caller, input: AuditFilters & { page: number }) {
      await readable(caller, input.account_id);
      const rows = await repo.findEntriesPage(deps.db, toFilter(input), input.page, audit.perPage);
      return toPage(rows, input.page, audit.perPage);
    },

    async getEntryUsers(caller: Caller, accountId: number) {
      await readable(caller, accountId);
      return repo.findEntryUsers(deps.db, accountId);
    },

    async sendCsv(caller: Caller, input: AuditFilters, reply: FastifyReply) {
      const account = await readable(caller, input.account_id);
      return sendCsv(reply, audit.csvFileName(account.account_number), csv(toFilter(input)));
    },

    /** The staff record of sign-ins as customers, across every account. */
    staffSignIns(filter: { page: number; perPage: number; search?: string }) {
      return repo.findStaffSignInsPage(deps.db, filter);
    },
  };
}
