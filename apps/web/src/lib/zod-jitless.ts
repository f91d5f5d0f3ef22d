/**
 * Zod compiles a fast object parser with `new Function` and probes for that when an object schema is
 * built. Our CSP has no 'unsafe-eval' (rightly), so the probe is refused and Chrome reports a CSP
 * issue on every page that builds a schema (Lighthouse's inspector-issues audit, decision 105).
 * Jitless mode skips the probe and the compiled path; form-sized data parses just as well without it.
 *
 * Zod keeps its config in one object on globalThis, which it adopts when it is already there (zod
 * PR #5889, so that every copy of zod shares it). Setting it here, in the first module main.tsx runs,
 * comes before any page chunk builds a schema, and costs the entry a line: `z.config()` would bring
 * zod's core utilities (some 11 kB) into every first page.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
