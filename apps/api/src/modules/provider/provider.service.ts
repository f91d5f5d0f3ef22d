import type { FastifyReply } from 'fastify';

import type { CallParsed, provider as contract, StaffProfile } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/scope.ts';
import { readImage } from './images.ts';
import type { Provider } from './profiles.ts';
import { writeProfile, type HeldImage } from './provider.repository.ts';

/** What the seed uses of this module's rows: it imports this service, never its repository. */
export { writeProfile, type HeldImage };

/**
 * Content-Security-Policy of the logo and favicon: an SVG opened on its own runs nothing and loads
 * nothing, whatever got past the sanitizer (images.ts).
 */
const imagePolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const staffView = (deps: Deps, p: Provider): StaffProfile => ({
  fields: p.fields,
  source: p.source,
  deployment_locale: deps.env.PORTAL_LOCALE,
  logo_url: p.public.logo_url,
  favicon_url: p.public.favicon_url,
  updated_at: p.updatedAt,
});

/** The provider profile's calls (decision 123): the public view, its images, and the staff page's. */
export function providerService(deps: Deps) {
  return {
    async publicProfile() {
      return (await deps.provider.current()).public;
    },

    async sendImage(kind: 'logo' | 'favicon', reply: FastifyReply) {
      const image = (await deps.provider.current())[kind];
      if (!image) throw notFound();
      return reply
        .header('content-type', image.type)
        .header('content-security-policy', imagePolicy)
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },

    async staffProfile() {
      return staffView(deps, await deps.provider.current());
    },

    async save(caller: Caller, input: CallParsed<typeof contract.saveProfile>) {
      const { logo, favicon, ...fields } = input;
      const images: { logo?: HeldImage | null; favicon?: HeldImage | null } = {};
      const problems: Record<string, string[]> = {};
      for (const [name, value] of [
        ['logo', logo],
        ['favicon', favicon],
      ] as const) {
        if (value === undefined) continue;
        if (value === null) {
          images[name] = null;
          continue;
        }
        const image = readImage(value);
        if ('error' in image) problems[name] = [image.error];
        else images[name] = image;
      }
      if (Object.keys(problems).length) throw invalid(problems);
      // A profile that came from the deployment keeps its images until the staff page changes them.
      const current = await deps.provider.current();
      if (current.source === 'deployment') {
        images.logo = images.logo === undefined ? current.logo : images.logo;
        images.favicon = images.favicon === undefined ? current.favicon : images.favicon;
      }
      await writeProfile(deps.db, fields, images, caller.actorUserId ?? caller.userId);
      deps.provider.changed();
      return staffView(deps, await deps.provider.current());
    },
  };
}
