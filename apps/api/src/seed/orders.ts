import { updateAlias } from '../modules/orders/orders.service.ts';
import type { AccountPlan, OrderRecord, SeedContext } from './context.ts';
import { ACTIVE_PRODUCTS, PRODUCT_WEIGHTS, productByCode } from './catalog.ts';
import type { ComponentTemplate, ProductDef } from './catalog.ts';
import { pad, slug } from './names.ts';
import { rng } from './random.ts';
import type { Random } from './random.ts';
import { projectManagers } from './team.ts';
import { DAY, daysAgo, isoDate } from './time.ts';

/**
 * Orders (services) of an account with their components, through the orders feed; every order's
 * components add up to its MRC (the feed sums them). The alias is the customer's, set in the portal.
 */

const TERMS = [12, 24, 36, 36, 36, 60] as const;

const ALIASES: Readonly<Record<string, readonly string[]>> = {
  Network: ['primary internet', 'backup circuit', 'WAN hub', 'branch link', 'DC interconnect'],
  'Backup & Recovery': ['File servers', 'SQL cluster', 'Finance VMs', 'Laptops', 'ERP backups'],
  Cloud: ['Dev/test', 'Analytics', 'Web tier', 'Data lake', 'CI runners'],
  Security: ['Public website', 'Customer portal', 'Staff laptops', 'API gateway'],
  Voice: ['Main office phones', 'Contact center', 'Front desk'],
  Colocation: ['Cage A', 'Cage B', 'DR cabinet'],
};

/** Controllers of the demo's "must have" list map to a product; 'network' has several, pick one. */
function productForController(controller: string, random: Random): ProductDef {
  const candidates = ACTIVE_PRODUCTS.filter((p) => p.product_controller === controller);
  return random.pick(candidates);
}

function weightedProduct(random: Random): ProductDef {
  const total = ACTIVE_PRODUCTS.reduce((sum, p) => sum + (PRODUCT_WEIGHTS[p.product_cd] ?? 1), 0);
  let roll = random.float() * total;
  for (const p of ACTIVE_PRODUCTS) {
    roll -= PRODUCT_WEIGHTS[p.product_cd] ?? 1;
    if (roll < 0) return p;
  }
  return productByCode('di');
}

/** Monthly charge in cents: whole dollars, now and then with the cents of a list price. */
function mrcCents(product: ProductDef, random: Random): number {
  const dollars = Math.round(random.between(product.mrc[0], product.mrc[1]) / 5) * 5;
  return dollars * 100 + (random.chance(0.3) ? random.pick([50, 95, 99]) : 0);
}

interface PlannedComponent {
  template: ComponentTemplate;
  quantity: number;
  cents: number;
}

/** Splits the order's charge over its components by weight; the rounding remainder goes to the first. */
function planComponents(product: ProductDef, total: number, random: Random): PlannedComponent[] {
  const [first, ...rest] = product.components;
  if (!first) throw new Error(`seed: product ${product.product_cd} has no components`);
  const chosen = [
    first,
    ...random
      .sample(rest, random.int(1, Math.min(5, rest.length)))
      .sort((a, b) => product.components.indexOf(a) - product.components.indexOf(b)),
  ];
  const shares = chosen.map((t) => t.weight * random.between(0.7, 1.3));
  const sum = shares.reduce((a, b) => a + b, 0);
  const cents = shares.map((s) => Math.floor((total * s) / sum));
  cents[0] = (cents[0] ?? 0) + total - cents.reduce((a, b) => a + b, 0);
  return chosen.map((t, i) => ({ template: t, quantity: random.int(t.qty[0], t.qty[1]), cents: cents[i] ?? 0 }));
}

/** The contract: its start and the provider's term code (the orders feed derives the term shown). */
interface Term {
  start: Date | null;
  term_cd: string | null;
}

const NO_TERM: Term = { start: null, term_cd: null };

/**
 * Most orders run on a 12-60 month contract; some are month to month (NOCH), unknown (UK) or undated.
 * Contracts start after the account was opened (orders are placed up to two months before); a founding
 * service's started right after.
 */
function contractTerm(now: Date, opened: Date, founding: boolean, random: Random): Term {
  const accountAge = Math.floor((now.getTime() - opened.getTime()) / DAY);
  // A founding service was ordered when the account opened (its contract started 2-3 months on).
  const start = founding
    ? daysAgo(now, accountAge - random.int(60, 100))
    : daysAgo(now, random.int(20, Math.max(30, accountAge - 70)));
  const roll = random.float();
  if (founding) return { start, term_cd: roll < 0.2 ? 'NOCH' : String(random.pick(TERMS)) };
  if (roll < 0.12) return NO_TERM;
  if (roll < 0.2) return { start, term_cd: 'NOCH' };
  if (roll < 0.25) return { start, term_cd: 'UK' };
  return { start, term_cd: String(random.pick(TERMS)) };
}

function customerRef(plan: AccountPlan, random: Random): string | null {
  const roll = random.float();
  if (roll < 0.3) return null;
  if (roll < 0.6) return `PO-${random.int(10000, 99999)}`;
  if (roll < 0.8) return `${plan.code}-${plan.city.slice(0, 3).toUpperCase()}-${pad(random.int(1, 40), 2)}`;
  return `CC-${random.int(1000, 9899)}`;
}

function alias(plan: AccountPlan, product: ProductDef, random: Random): string | null {
  if (!random.chance(0.3)) return null;
  const base = random.pick(ALIASES[product.product_group] ?? ['Main']);
  return product.product_group === 'Network' ? `${plan.city} – ${base}` : base;
}

/** An order as fed, with what the seed keeps of it until the portal's ids are known. */
interface PlannedOrder {
  order_number: string;
  product: ProductDef;
  status: OrderRecord['status'];
  circuit: string;
  alias: string | null;
  total: number;
  billedFrom: Date;
  components: PlannedComponent[];
}

async function addOrder(
  ctx: SeedContext,
  plan: AccountPlan,
  product: ProductDef,
  status: OrderRecord['status'],
  random: Random,
  founding = false,
): Promise<PlannedOrder> {
  const number = ctx.ids.next('orders');
  const pending = status === 'P';
  const term = pending ? NO_TERM : contractTerm(ctx.now, plan.createdAt, founding, random);
  // Placed a few weeks before the contract starts; pending orders were placed recently.
  const placedBefore = term.start ?? daysAgo(ctx.now, random.int(60, 400));
  const created = pending ? daysAgo(ctx.now, random.int(3, 45)) : daysAgo(placedBefore, random.int(15, 60));
  const total = mrcCents(product, random);
  const pms = projectManagers(ctx.team);
  const pm = pending || random.chance(0.2) ? random.pick(pms) : null;
  const order_number = `ORD-${100000 + number}`;
  const circuit = `NW/${product.circuit}/${pad(3000 + number * 7, 6)}`;
  const customer_reference = customerRef(plan, random);
  const orderAlias = alias(plan, product, random);
  const components = planComponents(product, total, random);
  await ctx.feed.send(
    'orders',
    {
      order_number,
      account_number: plan.account_number,
      product_cd: product.product_cd,
      circuit_id: circuit,
      ...(customer_reference ? { customer_reference } : {}),
      order_status_cd: status,
      ...(term.start ? { contract_start: isoDate(term.start) } : {}),
      ...(term.term_cd ? { term_cd: term.term_cd } : {}),
      ...(pm ? { project_manager: pm.email_nm } : {}),
      components: components.map((c) => ({
        component_key: slug(c.template.description),
        description: c.template.description,
        ...(c.template.unit ? { unit_of_measure: c.template.unit } : {}),
        quantity: c.quantity,
        mrc_charges: (c.cents / 100).toFixed(2),
      })),
    },
    +created,
  );
  return {
    order_number,
    product,
    status,
    circuit,
    alias: orderAlias,
    total,
    billedFrom: term.start ?? created,
    components,
  };
}

/**
 * The account's orders: the required controllers first, then weighted picks, pending ones last. Once
 * fed, the customer names some of them (alias) and the portal's ids are read back for the charts.
 */
export async function addOrders(ctx: SeedContext, plan: AccountPlan): Promise<OrderRecord[]> {
  const random = rng(`orders:${plan.account_number}`);
  const count = Math.max(random.int(plan.orderRange[0], plan.orderRange[1]), plan.controllers.length);
  const products = plan.controllers.map((c) => productForController(c, random));
  while (products.length < count) products.push(weightedProduct(random));
  const planned: PlannedOrder[] = [];
  // The first network services (up to plan.foundingOrders) are the ones the account opened with.
  let founding = plan.foundingOrders;
  for (const p of products) {
    const first = founding > 0 && p.product_group === 'Network';
    if (first) founding--;
    planned.push(await addOrder(ctx, plan, p, 'A', random, first));
  }
  // A disconnected account keeps a trail of disconnected services.
  if (plan.status === 'D')
    for (let i = 0; i < 2; i++) planned.push(await addOrder(ctx, plan, weightedProduct(random), 'D', random));
  for (let i = 0; i < plan.pending; i++) planned.push(await addOrder(ctx, plan, weightedProduct(random), 'P', random));

  const stored = new Map((await ctx.feed.orders(plan.account_number)).map((o) => [o.order_number, o]));
  const namer = plan.holders[0];
  const orders: OrderRecord[] = [];
  for (const o of planned) {
    const row = stored.get(o.order_number);
    if (!row) throw new Error(`seed: the orders feed did not store ${o.order_number}`);
    const named = o.alias;
    if (named && namer) await ctx.feed.after((db) => updateAlias(db, namer.user_id, row.base_order_id, named));
    orders.push({
      base_order_id: row.base_order_id,
      order_number: o.order_number,
      product_cd: o.product.product_cd,
      controller: o.product.product_controller,
      group: o.product.product_group,
      status: o.status,
      circuit: o.circuit,
      mrcCents: o.total,
      billedFrom: o.billedFrom,
      components: o.components.map((c, i) => ({
        component_id: row.component_ids[i] ?? 0,
        description: c.template.description,
        unit: c.template.unit,
        quantity: c.quantity,
        mrcCents: c.cents,
      })),
    });
  }
  return orders;
}
