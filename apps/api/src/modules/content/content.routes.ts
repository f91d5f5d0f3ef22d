import type { FastifyInstance } from 'fastify';

import { resources } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { findCategories } from './content.repository.ts';

/** The website content service, served by our API (a provider may point CONTENT_BASE_URL elsewhere). */
export async function contentRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, resources.getResourceCategories, () => findCategories(deps.db));
}
