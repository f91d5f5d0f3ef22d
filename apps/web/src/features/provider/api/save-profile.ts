import * as calls from '@portal/contract/routes';
import type { SaveProfileInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { setBrand } from '../../../lib/brand.ts';
import { request } from '../../../lib/request.ts';
import { providerKeys } from './keys.ts';

/** Saves the provider profile; an image left out keeps the held one, null removes it. */
export const saveProfile = (input: SaveProfileInput) => request(calls.provider.saveProfile, input);

/** The profile every page shows, as it is now. */
export const getPublicProfile = () => request(calls.provider.getPublicProfile, {});

/** After a save this page's header, title and colours follow at once (other tabs on their next page). */
export const useSaveProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: async (saved) => {
      queryClient.setQueryData(providerKeys.profile(), saved);
      setBrand(await getPublicProfile());
    },
  });
};
