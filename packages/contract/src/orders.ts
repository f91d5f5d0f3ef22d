import { z } from 'zod';

import { defineCall } from './call.ts';
import { paged, pageParam } from './envelope.ts';
import { id, optionalId, perPage, searchText } from './fields.ts';
import { orderSortColumns, pageSizes } from './limits.ts';
import { validationMessages as m } from './messages.ts';

export const product = z.object({
  product_cd: z.string(),
  product: z.string(),
  short_product_name: z.string(),
  product_controller: z.string(),
  product_group: z.string(),
  active: z.boolean(),
});
export type Product = z.infer<typeof product>;

export const getProducts = defineCall({
  id: 'orders.getProducts',
  summary: 'The product catalogue; the app derives the sidebar groups from the active products.',
  tag: 'orders',
  methods: ['GET', 'POST'],
  path: '/orders/get-products',
  input: z.object({}),
  data: z.array(product),
  codes: ['SUCCESS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', exempt: ['legal', 'twoFactor'], scope: 'services:read' },
});

export const pendingOrder = z.object({
  base_order_id: z.number().int(),
  order_number: z.string(),
  product: z.string(),
  account_id: z.number().int(),
  project_manager: z.object({ first_nm: z.string(), last_nm: z.string() }).nullable(),
});
export type PendingOrder = z.infer<typeof pendingOrder>;

export const getPendingOrders = defineCall({
  id: 'orders.getPendingOrders',
  summary: "The caller's latest pending orders, newest first.",
  tag: 'orders',
  methods: ['POST'],
  path: '/orders/get-pending-orders',
  input: z.object({ count: z.coerce.number().int().min(1).max(50).default(5) }),
  data: z.array(pendingOrder),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'services:read' },
});

/* ------------------------------------------------------------------------------------------------
 * Services (orders) list, CSV download, order detail and alias (spec services.md sections 2, 3, 7).
 * ---------------------------------------------------------------------------------------------- */

// The list's sort columns live with the constants, which carry no schema: the services page checks its
// sort against them without loading this module's schemas (decision 112).
export { orderSortColumns, type OrderSortColumn } from './limits.ts';

/** A product code is 2 characters; any other services segment is a product group path. */
export const productCodePattern = /^[a-z0-9]{2}$/i;

/** The search of the services list; the CSV download takes the same fields without paging. */
export const orderSearch = z.object({
  sort: z.enum(orderSortColumns, { error: m.type }).optional(),
  order: z.enum(['asc', 'desc'], { error: m.type }).default('asc'),
  search_all: searchText,
  accountId: optionalId,
  /** A product group path (lowercase, hyphenated), e.g. 'backup-recovery'. */
  search_product_group: z
    .string()
    .trim()
    .toLowerCase()
    .max(100, m.maxlength)
    .regex(/^[a-z0-9-]*$/, m.type)
    .optional(),
  search_product_cd: z
    .string()
    .trim()
    .toLowerCase()
    .max(2, { error: m.type, abort: true })
    .refine((v) => v === '' || productCodePattern.test(v), m.type)
    .optional(),
});
export type OrderSearch = z.infer<typeof orderSearch>;

export const orderListItem = z.object({
  base_order_id: z.number().int(),
  account_id: z.number().int(),
  order_number: z.string(),
  product_cd: z.string(),
  product: z.string(),
  product_controller: z.string(),
  uss_circuit_id: z.string().nullable(),
  customer_ref: z.string().nullable(),
  alias: z.string().nullable(),
  /** Monthly recurring charges in the account's currency. */
  mrc_charges: z.number(),
  /** The currency of the order's charges (ISO 4217): its account's. */
  currency: z.string(),
});
export type OrderListItem = z.infer<typeof orderListItem>;

export const getOrders = defineCall({
  id: 'orders.getOrders',
  summary: "A page of the caller's services, optionally of one account, product group or product code, with search.",
  tag: 'orders',
  methods: ['POST'],
  path: '/orders/get-orders',
  input: orderSearch.extend({ page: pageParam, perPage: perPage(pageSizes.services) }),
  data: paged(orderListItem),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'services:read' },
});

/** Columns of the orders CSV, in order. */
export const ordersCsvHeader = [
  'Account Number',
  'Account Name',
  'Product',
  'Order Number',
  'Circuit ID',
  'Customer Reference',
  'Alias',
  'Monthly Recurring Charges',
  'Currency',
] as const;

export const downloadOrders = defineCall({
  id: 'orders.downloadOrders',
  summary: 'The current services search as a CSV file (streamed). NOT_FOUND when there is nothing to download.',
  tag: 'orders',
  methods: ['POST'],
  path: '/orders/download-orders',
  input: orderSearch,
  data: null,
  binary: 'text/csv',
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'services:read' },
});

export const orderComponent = z.object({
  component_id: z.number().int(),
  quantity: z.number(),
  unit_of_measure: z.string().nullable(),
  current_customer_services: z.object({
    /** Monthly charge of this component in dollars. */
    mrc_charges: z.number(),
    service_component: z.object({ description: z.string() }),
  }),
});
export type OrderComponent = z.infer<typeof orderComponent>;

/** Term codes whose term is not shown (no term, unknown). */
export const hiddenTermCodes = ['NOCH', 'UK'] as const;

export const orderDetail = orderListItem.extend({
  order_status_cd: z.string(),
  contract_start_date: z.string().nullable(),
  term_cd: z.string().nullable(),
  order_term_cd: z.string().nullable(),
  order_term: z.string().nullable(),
  account: z.object({ account_id: z.number().int(), account_number: z.string(), name: z.string() }),
  all_customer_order_components: z.array(orderComponent),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const getOrder = defineCall({
  id: 'orders.getOrder',
  summary: 'One of the caller\'s orders with its account and components. NOT_FOUND ("No order found.") otherwise.',
  tag: 'orders',
  methods: ['POST'],
  path: '/orders/get-order',
  input: z.object({ baseOrderId: id }),
  data: orderDetail,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'services:read' },
});

export const aliasMaxLength = 60;

export const changeAlias = defineCall({
  id: 'orders.changeAlias',
  summary: "Sets the alias (the customer's own name) of one of the caller's orders; an empty alias clears it.",
  tag: 'orders',
  methods: ['POST'],
  path: '/orders/change-alias',
  input: z.object({
    base_order_id: id,
    /** Trimmed; empty (or only spaces) clears the alias, so the order is shown by its product name again. */
    alias: z.string({ error: m.required }).trim().max(aliasMaxLength, m.maxlength),
  }),
  data: z.object({ base_order_id: z.number().int(), alias: z.string().nullable(), product_controller: z.string() }),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});
