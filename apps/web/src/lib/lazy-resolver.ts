import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** Said under a form whose rules could not be loaded (the network failed): sending it again retries. */
export const rulesNotLoaded = 'The form could not be checked: the connection failed. Please try again.';

/**
 * A form's resolver whose rules load when first needed instead of with the page (decision 112): the
 * sign-in page's first load then carries no zod and no contract schemas (some 40 kB and a 100 ms task
 * on a phone). `preload` starts loading early, on the first keystroke, so a sign-in rarely waits for it.
 * A failed load is reported as a form error (`root`), and the next try loads again.
 */
export function lazyResolver<In extends FieldValues, Out>(load: () => Promise<Resolver<In, unknown, Out>>) {
  let loading: Promise<Resolver<In, unknown, Out>> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const resolver: Resolver<In, unknown, Out> = async (values, context, options) => {
    let rules: Resolver<In, unknown, Out>;
    try {
      rules = await get();
    } catch {
      // A form-wide error: react-hook-form keeps such errors under `root`, which its generic type cannot see.
      const errors = { root: { type: 'load', message: rulesNotLoaded } } as FieldErrors<In>;
      return { values: {}, errors };
    }
    return rules(values, context, options);
  };
  return { resolver, preload: () => void get().catch(() => undefined) };
}
