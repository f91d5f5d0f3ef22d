import type { CollectionName } from '@portal/contract';

import { orderTerm } from '../modules/integration/collections/orders.ts';
import type { Db } from '../db/client.ts';
import type { BulkWriter } from './bulk.repository.ts';
import type { TeamMember } from './context.ts';
import { parseItem, type FeedInput, type FeedSink, type ItemListener, type StoredOrder } from './feed.ts';
import { maxIds } from './seed.repository.ts';
import { FED_SERIAL_COLUMNS } from './tables.ts';
import type { RowOf } from './tables.ts';

type FedTable = (typeof FED_SERIAL_COLUMNS)[number][0];

/** Exact sum of canonical decimal strings ('12.30'), as the services sum them in SQL. */
function sumDecimals(values: readonly string[], scale: number): string {
  const unit = 10n ** BigInt(scale);
  const total = values.reduce((sum, v) => {
    const [whole = '0', fraction = ''] = v.replace('-', '').split('.');
    const n = BigInt(whole) * unit + BigInt(fraction.padEnd(scale, '0').slice(0, scale) || '0');
    return sum + (v.startsWith('-') ? -n : n);
  }, 0n);
  const sign = total < 0n ? '-' : '';
  const abs = total < 0n ? -total : total;
  return `${sign}${abs / unit}.${(abs % unit).toString().padStart(scale, '0')}`;
}

const at = (ms: number) => new Date(ms);

/**
 * The benchmark seed's fast path (decision 076): the same items as the upsert services get, turned into
 * the rows those services write for a new item, numbered on from the services' last ids and written in
 * bulk once per company. Only what the generated companies send (accounts, users, orders, invoices,
 * payments, tickets, interfaces and storage profiles, all new) is supported; products, notifications and outages always go through the
 * services. The seed's tests seed both ways and compare every row, so the two cannot drift apart.
 */
export class BulkFeed implements FeedSink {
  private readonly sent = new Map<CollectionName, number>();
  private readonly accounts = new Map<string, number>();
  private readonly users = new Map<string, number>();
  private readonly ordersOf = new Map<string, StoredOrder[]>();
  private readonly orderIds = new Map<string, number>();
  /** Invoices wait for their payments until the flush (amount_paid is the sum of the payments). */
  private readonly invoices = new Map<string, RowOf<'invoices'> & { paid: string[] }>();
  private deferred: Array<(db: Db) => Promise<unknown>> = [];

  private constructor(
    private readonly db: Db,
    private readonly bulk: BulkWriter,
    private readonly team: ReadonlyMap<string, number>,
    private readonly last: Map<string, number>,
    private readonly onItem?: ItemListener,
  ) {}

  /** Starts numbering after the rows already in the database (the demo companies, fed through the services). */
  static async start(db: Db, bulk: BulkWriter, team: readonly TeamMember[], onItem?: ItemListener) {
    const byEmail = new Map(team.map((m) => [m.email_nm, m.team_member_id]));
    return new BulkFeed(db, bulk, byEmail, await maxIds(db, FED_SERIAL_COLUMNS), onItem);
  }

  private id(table: FedTable): number {
    const id = (this.last.get(table) ?? 0) + 1;
    this.last.set(table, id);
    return id;
  }

  private known<T>(map: ReadonlyMap<string, T>, key: string, what: string): T {
    const value = map.get(key);
    if (value === undefined) throw new Error(`seed: the bulk feed knows no ${what} ${key}`);
    return value;
  }

  async send<C extends CollectionName>(collection: C, input: FeedInput<C>, atMs: number): Promise<void> {
    const write = this.writers[collection];
    if (!write) throw new Error(`seed: the bulk feed does not take ${collection}`);
    write(parseItem(collection, input) as never, atMs);
    this.sent.set(collection, (this.sent.get(collection) ?? 0) + 1);
    this.onItem?.(collection, input);
  }

  /** Per collection, the rows its upsert service writes for a new item. */
  private readonly writers: Partial<{
    [C in CollectionName]: (item: ReturnType<typeof parseItem<C>>, atMs: number) => void;
  }> = {
    accounts: (a, atMs) => {
      const account_id = this.id('accounts');
      this.accounts.set(a.account_number, account_id);
      this.bulk.add('accounts', {
        account_id,
        account_number: a.account_number,
        name: a.name,
        company_nm: a.company,
        company_key: a.company,
        require_pin: a.require_pin,
        is_2fa_required: a.is_2fa_required,
        account_status_cd: a.account_status_cd,
        is_active: a.is_active,
        created_at: at(atMs),
      });
      a.team.forEach((m, sort_order) =>
        this.bulk.add('account_team', {
          account_id,
          team_member_id: this.known(this.team, m.email_nm, 'team member'),
          sort_order,
        }),
      );
    },
    users: (u, atMs) => {
      const user_id = this.id('users');
      this.users.set(u.email_nm, user_id);
      this.bulk.add('users', {
        user_id,
        email_nm: u.email_nm,
        first_nm: u.first_nm,
        last_nm: u.last_nm,
        created_at: at(atMs),
        updated_at: at(atMs),
      });
      for (const a of u.accounts) {
        this.bulk.add('accounts_users', {
          account_id: this.known(this.accounts, a.account_number, 'account'),
          user_id,
          is_account_admin: a.is_account_admin,
          created_at: at(atMs),
        });
      }
    },
    orders: (o, atMs) => {
      const base_order_id = this.id('orders');
      const term = orderTerm(o.term_cd ?? null);
      this.bulk.add('orders', {
        base_order_id,
        order_number: o.order_number,
        account_id: this.known(this.accounts, o.account_number, 'account'),
        product_cd: o.product_cd,
        uss_circuit_id: o.circuit_id ?? null,
        customer_ref: o.customer_reference ?? null,
        order_status_cd: o.order_status_cd,
        contract_start_date: o.contract_start ?? null,
        term_cd: o.term_cd ?? null,
        project_manager_id: o.project_manager ? this.known(this.team, o.project_manager, 'team member') : null,
        mrc_charges: sumDecimals(
          o.components.map((c) => c.mrc_charges),
          2,
        ),
        order_term_cd: term.order_term_cd,
        order_term: term.order_term,
        created_at: at(atMs),
      });
      const component_ids = o.components.map((c, sort_order) => {
        const component_id = this.id('order_components');
        this.bulk.add('order_components', {
          component_id,
          base_order_id,
          component_key: c.component_key,
          description: c.description,
          unit_of_measure: c.unit_of_measure ?? null,
          quantity: c.quantity,
          rate: c.rate ?? null,
          mrc_charges: c.mrc_charges,
          sort_order,
        });
        return component_id;
      });
      this.orderIds.set(o.order_number, base_order_id);
      const list = this.ordersOf.get(o.account_number) ?? [];
      list.push({ order_number: o.order_number, base_order_id, component_ids });
      this.ordersOf.set(o.account_number, list);
    },
    invoices: (i) => {
      const cycle_log_id = this.id('invoices');
      this.invoices.set(i.invoice_number, {
        cycle_log_id,
        invoice_number: i.invoice_number,
        account_id: this.known(this.accounts, i.account_number, 'account'),
        bill_date: i.bill_date,
        due_date: i.due_date,
        monthly_charges: i.monthly_charges,
        late_payment_charges: i.late_payment_charges,
        adjustments: i.adjustments,
        taxes_fees_other: i.taxes_fees_other,
        governmental_charges: i.governmental_charges,
        balance_forward: i.balance_forward,
        total_amt_due: i.total_amt_due,
        amount_paid: '0.00',
        paid: [],
      });
      if (i.pdf) throw new Error('seed: the bulk feed does not store invoice documents');
      for (const l of i.lines) {
        this.bulk.add('invoice_products', {
          invoice_product_id: this.id('invoice_products'),
          cycle_log_id,
          base_order_id: l.order_number ? this.known(this.orderIds, l.order_number, 'order') : null,
          product_cd: l.product_cd,
          description: l.description ?? null,
          price: l.price,
        });
      }
    },
    payments: (p) => {
      const invoice = p.invoice_number ? this.known(this.invoices, p.invoice_number, 'invoice') : undefined;
      invoice?.paid.push(p.amount);
      this.bulk.add('payments', {
        payment_id: this.id('payments'),
        payment_reference: p.payment_reference,
        account_id: this.known(this.accounts, p.account_number, 'account'),
        cycle_log_id: invoice ? (invoice.cycle_log_id as number) : null,
        paid_at: p.paid_at,
        amount: p.amount,
      });
    },
    tickets: (t, atMs) => {
      const ticket_id = this.id('tickets');
      const times = t.messages.map((m) => m.created_at).sort();
      this.bulk.add('tickets', {
        ticket_id,
        ticket_number: t.ticket_number,
        account_id: this.known(this.accounts, t.account_number, 'account'),
        base_order_id: t.order_number ? this.known(this.orderIds, t.order_number, 'order') : null,
        subject: t.subject,
        status: t.status,
        request_customer_response: t.request_customer_response,
        created: times[0] ?? at(atMs),
        last_update_posted: times.at(-1) ?? at(atMs),
      });
      for (const m of t.messages) {
        this.bulk.add('ticket_messages', {
          message_id: this.id('ticket_messages'),
          ticket_id,
          external_id: m.external_id,
          author_type: m.from_provider ? 'provider' : 'customer',
          author_nm: m.author_name,
          body: m.body,
          created_at: m.created_at,
        });
      }
    },
    'product-objects': (o) => {
      const base_order_id = this.known(this.orderIds, o.order_number, 'order');
      if (o.kind === 'network_interface')
        this.bulk.add('network_interfaces', {
          base_order_id,
          object_key: o.object_key,
          name: o.attributes.name,
          alias: o.attributes.alias ?? null,
          snmpiftype: o.attributes.snmpiftype,
          speed_bps: o.attributes.speed_bps,
        });
      else if (o.kind === 'storage_profile')
        this.bulk.add('storage_profiles', { base_order_id, object_key: o.object_key });
      else throw new Error(`seed: the bulk feed does not take product objects of kind ${o.kind}`);
    },
  };

  async accountId(accountNumber: string): Promise<number> {
    return this.known(this.accounts, accountNumber, 'account');
  }

  async userId(email: string): Promise<number> {
    return this.known(this.users, email, 'user');
  }

  async orders(accountNumber: string): Promise<StoredOrder[]> {
    return this.ordersOf.get(accountNumber) ?? [];
  }

  async after(write: (db: Db) => Promise<unknown>): Promise<void> {
    this.deferred.push(write);
  }

  async flush(): Promise<void> {
    for (const { paid, ...invoice } of this.invoices.values()) {
      this.bulk.add('invoices', { ...invoice, amount_paid: sumDecimals(['0.00', ...paid], 2) });
    }
    this.invoices.clear();
    await this.bulk.flushAll();
    const writes = this.deferred;
    this.deferred = [];
    for (const write of writes) await write(this.db);
  }

  counts(): Partial<Record<CollectionName, number>> {
    return Object.fromEntries(this.sent);
  }
}
