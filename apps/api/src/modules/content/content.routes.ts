import type { FastifyInstance } from 'fastify';

import { resources } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { articleImage } from './content-images.ts';
import { contentService } from './content.service.ts';

/** The website content service, served by our API (a provider may point CONTENT_BASE_URL elsewhere). */
export async function contentRoutes(app: FastifyInstance, deps: Deps) {
  const service = contentService(deps);
  route(app, deps, resources.getResourceCategories, () => service.categories());
  route(app, deps, resources.getResources, ({ input }) =>
    service.list(input['portal-resource-categories'], input.page, input.search || undefined),
  );
  route(app, deps, resources.getResource, ({ input }) => service.get(input.resourceId));
  route(app, deps, resources.getImage, async ({ input, reply }) =>
    reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(articleImage(Number.parseInt(input.file, 10))),
  );
}
