import { z } from 'zod';

import { defineCall } from './call.ts';

export const resourceCategory = z.object({
  id: z.number().int(),
  title: z.string(),
  parentCat: z.number().int().nullable(),
});
export type ResourceCategory = z.infer<typeof resourceCategory>;

/**
 * Resource categories in the website content service's shape (`data[]`), served by our API
 * under a base address the provider can point at its own content service.
 */
export const getResourceCategories = defineCall({
  id: 'resources.getCategories',
  summary: 'Resource categories with their parent (content service shape).',
  tag: 'resources',
  methods: ['GET'],
  path: '/content/portal-resource-categories',
  input: z.object({}),
  data: z.array(resourceCategory),
  codes: ['SUCCESS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', exempt: ['legal', 'twoFactor'] },
});
