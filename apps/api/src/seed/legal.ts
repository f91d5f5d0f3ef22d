import type { AgreementRef, SeedContext } from './context.ts';
import { UNACCEPTED_AGREEMENT_TITLE } from './demo.ts';
import { daysAgo } from './time.ts';

/**
 * Legal agreements: two active (the newest is the Privacy Notice, which legal@demo.test has not accepted)
 * and the retired first version of the terms. Bodies are plain HTML the portal shows as the agreement.
 */

const TERMS_V1 = `<h2>Customer Portal Terms of Use</h2>
<p>Version 1. These terms govern your use of this customer portal.</p>
<p>Use the portal only for managing your organisation's services. Keep your password secret.</p>`;

const TERMS = `<h2>Customer Portal Terms of Use</h2>
<p><em>Version 2.</em> These terms govern your use of this customer portal (the “Portal”). They add to, and do not replace, your Master Services Agreement with us.</p>
<h3>1. Who may use the Portal</h3>
<p>The Portal is for people authorised by one of our customers. Your account administrator decides which billing accounts you can see and what you can do with them.</p>
<h3>2. Your responsibilities</h3>
<ul>
  <li>Keep your sign-in details confidential and turn on two-factor authentication where your organisation requires it.</li>
  <li>Tell us at once in <a href="/portal/tickets/index">a support ticket</a> if you suspect someone else has used your account.</li>
  <li>Do not try to access accounts, data or systems you are not authorised to use.</li>
  <li>Keep the contact and PIN details of your accounts up to date.</li>
</ul>
<h3>3. Information in the Portal</h3>
<p>Invoices, usage figures and charts are provided for convenience. Your official invoice and your service agreement prevail if they differ from what the Portal shows.</p>
<h3>4. Availability</h3>
<p>We aim to keep the Portal available at all times but may suspend it for maintenance, announced in advance where possible.</p>
<h3>5. Changes to these terms</h3>
<p>We may update these terms. When we do, the Portal will ask you to accept the new version before you continue.</p>`;

const PRIVACY = `<h2>Privacy Notice</h2>
<p>This notice explains what personal information we process when you use the customer portal, and why.</p>
<h3>What we collect</h3>
<ul>
  <li><strong>Account details:</strong> your name, business email address and the accounts you can access.</li>
  <li><strong>Security data:</strong> sign-in times, IP addresses and two-factor settings, to protect your account.</li>
  <li><strong>Support records:</strong> tickets, inquiries and the messages you exchange with our team.</li>
</ul>
<h3>How we use it</h3>
<ol>
  <li>To provide the Portal and the services your organisation buys from us.</li>
  <li>To keep the Portal secure, including detecting and preventing fraud.</li>
  <li>To send service notices such as maintenance and outage notifications.</li>
</ol>
<h3>How long we keep it</h3>
<p>We keep portal records for as long as your organisation is a customer and for up to seven years afterwards where the law requires it.</p>
<h3>Your rights</h3>
<p>You may ask for a copy of your personal information, or ask us to correct or delete it, by writing to us in <a href="/portal/tickets/index">a support ticket</a>.</p>`;

export function addAgreements(ctx: SeedContext): AgreementRef[] {
  const rows = [
    { title: 'Customer Portal Terms of Use', body: TERMS_V1, active: false, created_at: daysAgo(ctx.now, 1100) },
    { title: 'Customer Portal Terms of Use', body: TERMS, active: true, created_at: daysAgo(ctx.now, 400) },
    { title: UNACCEPTED_AGREEMENT_TITLE, body: PRIVACY, active: true, created_at: daysAgo(ctx.now, 45) },
  ];
  return rows.map((row) => {
    const legal_agreement_id = ctx.ids.next('legal_agreements');
    ctx.bulk.add('legal_agreements', { legal_agreement_id, ...row });
    return { legal_agreement_id, title: row.title, active: row.active, created_at: row.created_at };
  });
}
