import {
  pageSizes,
  resources,
  type Resource,
  type ResourceCategory,
  type ResourceList,
  type ResourceSummary,
} from '@portal/contract';
import type { z } from 'zod';

import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { limitOffset } from '../../lib/paging.ts';
import { plainText, safeUrl, sanitizeArticle } from './content-html.ts';
import { categoryExists, findCategories, findResource, findResources, type ResourceRow } from './content.repository.ts';

/**
 * The resources content service. With CONTENT_BASE_URL left at our own path the articles come from
 * our database; with an absolute http(s) address the API asks the provider's own content service
 * (same paths and shapes) and passes its answer on. Either way every text is cleaned here: article
 * HTML sanitised, titles and excerpts reduced to plain text, links limited to http(s) and our paths.
 */
export interface ContentSource {
  categories(): Promise<ResourceCategory[]>;
  list(categoryId: number, page: number, search: string | undefined): Promise<ResourceList>;
  get(id: number): Promise<{ data: Resource[] }>;
}

const summaryOf = (row: ResourceRow): ResourceSummary => {
  const url = safeUrl(row.image_url);
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    image: url ? [{ url, thumbnail: safeUrl(row.thumbnail_url) ?? url }] : [],
    postDate: { date: row.post_date, timezone: 'UTC' },
    alternativeLinkUrl: row.alternative_link_url,
    alternativeLinkText: row.alternative_link_text,
    category: row.category_id,
  };
};

/** What the app receives, from either source. */
function clean<T extends ResourceSummary>(item: T): T {
  const image = item.image.flatMap((img) => {
    const url = safeUrl(img.url);
    return url ? [{ url, thumbnail: safeUrl(img.thumbnail) ?? url }] : [];
  });
  const link = safeUrl(item.alternativeLinkUrl);
  return {
    ...item,
    title: plainText(item.title),
    excerpt: plainText(item.excerpt),
    image,
    alternativeLinkUrl: link,
    alternativeLinkText: link ? plainText(item.alternativeLinkText ?? '') || link : null,
    ...('body' in item ? { body: sanitizeArticle(String(item.body)) } : {}),
  };
}

function databaseSource(deps: Deps): ContentSource {
  const perPage = pageSizes.resources;
  return {
    categories: () => findCategories(deps.db),
    async list(categoryId, page, search) {
      if (!(await categoryExists(deps.db, categoryId))) throw notFound();
      const { limit, offset } = limitOffset(page, perPage);
      const rows = await findResources(deps.db, categoryId, search, limit, offset);
      const total = rows[0]?.total_count ?? 0;
      return {
        data: rows.map(summaryOf),
        meta: {
          pagination: {
            total,
            count: rows.length,
            per_page: perPage,
            current_page: page,
            total_pages: Math.ceil(total / perPage),
          },
        },
      };
    },
    async get(id) {
      const row = await findResource(deps.db, id);
      if (!row) throw notFound();
      return { data: [{ ...summaryOf(row), body: row.body }] };
    },
  };
}

const unavailable = () =>
  new AppError('SERVER_ERROR', 'The resources are not available right now. Please try again later.');

/** The provider's own content service at an absolute address; answers are checked against the contract. */
export function remoteSource(baseUrl: string, fetcher: typeof fetch = fetch): ContentSource {
  const base = baseUrl.replace(/\/+$/, '');
  async function get<T extends z.ZodType>(path: string, schema: T): Promise<z.output<T>> {
    let response: Response;
    try {
      response = await fetcher(`${base}${path}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(5000),
      });
    } catch {
      throw unavailable();
    }
    if (response.status === 404) throw notFound();
    if (!response.ok) throw unavailable();
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw unavailable();
    return parsed.data;
  }
  return {
    categories: async () => (await get('/portal-resource-categories', resources.resourceCategoryList)).data,
    list: (categoryId, page, search) => {
      const query = new URLSearchParams({ 'portal-resource-categories': String(categoryId), page: String(page) });
      if (search) query.set('search', search);
      return get(`/portal-resources?${query}`, resources.resourceList);
    },
    get: (id) => get(`/portal-resources/${id}/`, resources.resourceItem),
  };
}

export const isRemoteContent = (baseUrl: string) => /^https?:\/\//i.test(baseUrl);

export function contentService(
  deps: Deps,
  source: ContentSource = isRemoteContent(deps.env.CONTENT_BASE_URL)
    ? remoteSource(deps.env.CONTENT_BASE_URL)
    : databaseSource(deps),
) {
  return {
    categories: () => source.categories(),
    async list(categoryId: number, page: number, search: string | undefined): Promise<ResourceList> {
      const answer = await source.list(categoryId, page, search);
      return { ...answer, data: answer.data.map(clean) };
    },
    async get(id: number): Promise<{ data: Resource[] }> {
      const answer = await source.get(id);
      if (answer.data.length === 0) throw notFound();
      return { data: answer.data.slice(0, 1).map(clean) };
    },
  };
}
