import { z } from 'zod';

import { defineCall } from './call.ts';
import { pageParam } from './envelope.ts';
import { id, searchText } from './fields.ts';
import { validationMessages as m } from './messages.ts';

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

/*
 * Articles of the content service (spec services.md sections 2, 3, 7). The content service answers
 * `{ data: [...], meta: { pagination } }` for a list and `{ data: [item] }` for one item; our API
 * carries that answer whole as the envelope's `data` (so `data.data[]`, `data.meta.pagination.total_pages`
 * and `data.data[0]`), whether it serves the articles itself or passes on the answer of the provider's
 * own content service (CONTENT_BASE_URL). Article HTML is sanitised by the API before it is sent.
 */
export const resourceImage = z.object({ url: z.string(), thumbnail: z.string() });

export const resourceSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  image: z.array(resourceImage),
  /** Content-service date: 'YYYY-MM-DD HH:MM:SS' in the given time zone. */
  postDate: z.object({ date: z.string(), timezone: z.string() }),
  alternativeLinkUrl: z.string().nullable(),
  alternativeLinkText: z.string().nullable(),
  category: z.number().int(),
});
export type ResourceSummary = z.infer<typeof resourceSummary>;

export const resource = resourceSummary.extend({ body: z.string() });
export type Resource = z.infer<typeof resource>;

export const contentPagination = z.object({
  total: z.number().int(),
  count: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  total_pages: z.number().int(),
});

export const resourceList = z.object({
  data: z.array(resourceSummary),
  meta: z.object({ pagination: contentPagination }),
});
export type ResourceList = z.infer<typeof resourceList>;
/** One article: the content service's `data[0]`. */
export const resourceItem = z.object({ data: z.array(resource) });
/** The categories as the content service answers them (our API passes on `data`). */
export const resourceCategoryList = z.object({ data: z.array(resourceCategory) });

export const getResources = defineCall({
  id: 'resources.getResources',
  summary: 'A page of the articles of one category, with search (content service shape).',
  tag: 'resources',
  methods: ['GET'],
  path: '/content/portal-resources',
  input: z.object({
    'portal-resource-categories': id,
    page: pageParam,
    search: searchText,
  }),
  data: resourceList,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});

export const getResource = defineCall({
  id: 'resources.getResource',
  summary: 'One article with its sanitised HTML body, as `data[0]` (content service shape).',
  tag: 'resources',
  methods: ['GET'],
  path: '/content/portal-resources/:resourceId',
  input: z.object({ resourceId: id }),
  data: resourceItem,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});

/** The illustrations of the seeded articles; public, since the app shows them in plain <img> tags. */
export const getImage = defineCall({
  id: 'resources.getImage',
  summary: 'An article illustration (SVG) of our own content service.',
  tag: 'resources',
  methods: ['GET'],
  path: '/content/images/:file',
  input: z.object({
    file: z
      .string()
      .max(8, { error: m.type, abort: true })
      .regex(/^[1-9]\d{0,3}\.svg$/, m.type),
  }),
  data: null,
  binary: 'image/svg+xml',
  codes: ['SUCCESS', 'VALIDATION_ERROR'],
  auth: { access: 'public' },
});
