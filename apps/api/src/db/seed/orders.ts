import type { AccountPlan, ComponentRecord, OrderRecord, SeedContext } from './context.ts';
import { ACTIVE_PRODUCTS, PRODUCT_WEIGHTS, productByCode } from './catalog.ts';
import type { ProductDef } from './catalog.ts';
import { pad } from './names.ts';
import { rng } from './random.ts';
import type { Random } from './random.ts';
import { projectManagers } from './team.ts';
import { DAY, daysAgo, isoDate } from './time.ts';

/** Orders (services) of an account with their components; every order's components add up to its MRC. */

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

/** Splits the order's charge over its components by weight; the rounding remainder goes to the first. */
function addComponents(
  ctx: SeedContext,
  orderId: number,
  product: ProductDef,
  total: number,
  random: Random,
): ComponentRecord[] {
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
  return chosen.map((t, i) => {
    const record: ComponentRecord = {
      component_id: ctx.ids.next('order_components'),
      description: t.description,
      unit: t.unit,
      quantity: random.int(t.qty[0], t.qty[1]),
      mrcCents: cents[i] ?? 0,
    };
    ctx.bulk.add('order_components', {
      component_id: record.component_id,
      base_order_id: orderId,
      description: t.description,
      unit_of_measure: t.unit,
      quantity: record.quantity,
      mrc_charges: (record.mrcCents / 100).toFixed(2),
      sort_order: i,
    });
    return record;
  });
}

interface Term {
  start: Date | null;
  term_cd: string | null;
  order_term_cd: string | null;
  order_term: string | null;
}

const NO_TERM: Term = { start: null, term_cd: null, order_term_cd: null, order_term: null };

/**
 * Most orders run on a 12-60 month contract; some are month to month (NOCH), unknown (UK) or undated.
 * Contracts start after the account was opened (orders are placed up to two months before).
 */
function contractTerm(now: Date, opened: Date, random: Random): Term {
  const accountAge = Math.floor((now.getTime() - opened.getTime()) / DAY);
  const start = daysAgo(now, random.int(20, Math.max(30, accountAge - 70)));
  const roll = random.float();
  if (roll < 0.12) return NO_TERM;
  if (roll < 0.2) return { start, term_cd: 'NOCH', order_term_cd: 'NOCH', order_term: 'Month to Month' };
  if (roll < 0.25) return { start, term_cd: 'UK', order_term_cd: 'UK', order_term: 'Unknown' };
  const months = random.pick(TERMS);
  return { start, term_cd: String(months), order_term_cd: `M${months}`, order_term: `${months} Months` };
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

function addOrder(
  ctx: SeedContext,
  plan: AccountPlan,
  product: ProductDef,
  status: OrderRecord['status'],
  random: Random,
): OrderRecord {
  const id = ctx.ids.next('orders');
  const pending = status === 'P';
  const term = pending ? NO_TERM : contractTerm(ctx.now, plan.createdAt, random);
  // Placed a few weeks before the contract starts; pending orders were placed recently.
  const placedBefore = term.start ?? daysAgo(ctx.now, random.int(60, 400));
  const created = pending ? daysAgo(ctx.now, random.int(3, 45)) : daysAgo(placedBefore, random.int(15, 60));
  const total = mrcCents(product, random);
  const pms = projectManagers(ctx.team);
  const pm = pending || random.chance(0.2) ? random.pick(pms).team_member_id : null;
  const circuit = `NW/${product.circuit}/${pad(3000 + id * 7, 6)}`;
  ctx.bulk.add('orders', {
    base_order_id: id,
    account_id: plan.account_id,
    order_number: `ORD-${100000 + id}`,
    product_cd: product.product_cd,
    order_status_cd: status,
    uss_circuit_id: circuit,
    customer_ref: customerRef(plan, random),
    alias: alias(plan, product, random),
    mrc_charges: (total / 100).toFixed(2),
    contract_start_date: term.start ? isoDate(term.start) : null,
    term_cd: term.term_cd,
    order_term_cd: term.order_term_cd,
    order_term: term.order_term,
    project_manager_id: pm,
    created_at: created,
  });
  const components = addComponents(ctx, id, product, total, random);
  return {
    base_order_id: id,
    product_cd: product.product_cd,
    controller: product.product_controller,
    group: product.product_group,
    status,
    circuit,
    mrcCents: total,
    billedFrom: term.start ?? created,
    components,
  };
}

/** The account's orders: the required controllers first, then weighted picks, pending ones last. */
export function addOrders(ctx: SeedContext, plan: AccountPlan): OrderRecord[] {
  const random = rng(`orders:${plan.account_number}`);
  const count = Math.max(random.int(plan.orderRange[0], plan.orderRange[1]), plan.controllers.length);
  const products = plan.controllers.map((c) => productForController(c, random));
  while (products.length < count) products.push(weightedProduct(random));
  const orders = products.map((p) => addOrder(ctx, plan, p, 'A', random));
  // A disconnected account keeps a trail of disconnected services.
  if (plan.status === 'D')
    for (let i = 0; i < 2; i++) orders.push(addOrder(ctx, plan, weightedProduct(random), 'D', random));
  for (let i = 0; i < plan.pending; i++) orders.push(addOrder(ctx, plan, weightedProduct(random), 'P', random));
  return orders;
}
