import type { Db } from '../../db/client.ts';

interface AgreementRow {
  legal_agreement_id: number;
  title: string;
  body: string;
}

export const findActiveAgreements = (db: Db) =>
  db.query<AgreementRow>(
    `SELECT legal_agreement_id, title, body FROM legal_agreements WHERE active
      ORDER BY created_at, legal_agreement_id`,
  );

export const findUnacceptedAgreements = (db: Db, userId: number) =>
  db.query<AgreementRow>(
    `SELECT la.legal_agreement_id, la.title, la.body FROM legal_agreements la
      WHERE la.active AND NOT EXISTS (
        SELECT 1 FROM legal_acceptances a WHERE a.user_id = $1 AND a.legal_agreement_id = la.legal_agreement_id)
      ORDER BY la.created_at, la.legal_agreement_id`,
    [userId],
  );

/** An agreement the user may read: an active one, or one they accepted. */
export const findAgreementForUser = (db: Db, userId: number, agreementId: number) =>
  db.one<AgreementRow & { accepted: boolean; active: boolean }>(
    `SELECT la.legal_agreement_id, la.title, la.body, la.active, a.user_id IS NOT NULL AS accepted
       FROM legal_agreements la
       LEFT JOIN legal_acceptances a ON a.legal_agreement_id = la.legal_agreement_id AND a.user_id = $1
      WHERE la.legal_agreement_id = $2 AND (la.active OR a.user_id IS NOT NULL)`,
    [userId, agreementId],
  );

/** Records acceptance of an active agreement; false when it is not active (or does not exist). */
export async function acceptAgreement(db: Db, userId: number, agreementId: number, nowMs: number): Promise<boolean> {
  const row = await db.one(
    `INSERT INTO legal_acceptances (user_id, legal_agreement_id, accepted_at)
     SELECT $1, legal_agreement_id, to_timestamp($3::double precision / 1000) FROM legal_agreements
      WHERE legal_agreement_id = $2 AND active
     ON CONFLICT (user_id, legal_agreement_id) DO UPDATE SET accepted_at = legal_acceptances.accepted_at
     RETURNING legal_agreement_id`,
    [userId, agreementId, nowMs],
  );
  return Boolean(row);
}

/** A new user who ticked "I agree" accepts every active agreement at once. */
export const acceptAllActiveAgreements = (db: Db, userId: number, nowMs: number) =>
  db.query(
    `INSERT INTO legal_acceptances (user_id, legal_agreement_id, accepted_at)
     SELECT $1, legal_agreement_id, to_timestamp($2::double precision / 1000) FROM legal_agreements WHERE active
     ON CONFLICT (user_id, legal_agreement_id) DO NOTHING`,
    [userId, nowMs],
  );

export const countUnacceptedAgreements = async (db: Db, userId: number) =>
  (
    await db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM legal_agreements la
        WHERE la.active AND NOT EXISTS (
          SELECT 1 FROM legal_acceptances a WHERE a.user_id = $1 AND a.legal_agreement_id = la.legal_agreement_id)`,
      [userId],
    )
  )?.n ?? 0;
