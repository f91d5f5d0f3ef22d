import { buildApp } from './app.ts';
import { createDeps } from './bootstrap.ts';
import { loadEnv } from './config/env.ts';
import { DEMO_PASSWORD, demoEmails } from './seed/demo.ts';

let env;
try {
  env = loadEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const deps = await createDeps(env, { log: (msg) => console.log(msg) });
const app = await buildApp(deps);
app.addHook('onClose', async () => {
  await deps.redis?.quit();
});

await app.listen({ port: env.PORT, host: env.HOST });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
console.log(
  `\nCustomer portal: ${env.PUBLIC_URL}/portal/   API reference: ${env.PUBLIC_URL}/api/docs   (listening on ${env.HOST}:${port})`,
);
if (env.SEED_ON_EMPTY && !env.DATABASE_URL) {
  console.log(`Demo sign-ins (password ${DEMO_PASSWORD}): ${Object.values(demoEmails).join(', ')}\n`);
}

// Graceful shutdown: stop accepting, finish in-flight requests, close the database; give up after 10 s.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
