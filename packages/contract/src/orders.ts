import { z } from 'zod';

import { defineCall } from './call.ts';

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
  auth: { access: 'user', exempt: ['legal', 'twoFactor'] },
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
  auth: { access: 'user' },
});
