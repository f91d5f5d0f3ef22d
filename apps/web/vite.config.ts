import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
// WEB_OUT_DIR builds elsewhere (a benchmark comparing builds, or a build beside a running one).
const outDir = process.env.WEB_OUT_DIR ?? join(root, 'dist');

/** Text assets worth compressing; images like PNG are already compressed. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/**
 * Writes a .gz and a .br copy next to every text file of the build, so the server can send
 * precompressed files (no compression work per request, best compression levels).
 */
function precompress(): Plugin {
  return {
    name: 'portal:precompress',
    // The server-rendering build is read by the API from disk, never sent.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    // closeBundle runs after the bundle and the public/ copy are written.
    closeBundle() {
      for (const file of listFiles(outDir)) {
        if (!compressible.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 512) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

// The dev server forwards /api to the portal API; API_PROXY_TARGET points it at another port.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

/**
 * Two builds (`npm run build`): the browser's app into dist, then with --ssr the module the API renders the
 * first screen with (src/entry-server.tsx, decision 108) into dist/server, which the API never serves.
 * npm packages stay external there: Node loads them from node_modules.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root,
  base: '/portal/',
  plugins: [react(), precompress()],
  // The server module carries its packages, React's production build among them, as the browser's app does:
  // from node_modules, React would run its development build wherever NODE_ENV is not 'production' (the
  // demo, the tests), several times slower and not the code the browser hydrates with (decision 109). The
  // build script sets NODE_ENV=production: a build started under a test runner (NODE_ENV=test) compiled JSX
  // for React's development runtime, which the production build does not have.
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  build: isSsrBuild
    ? { outDir: join(outDir, 'server'), emptyOutDir: false, target: 'node20', copyPublicDir: false }
    : {
        outDir,
        emptyOutDir: true,
        // .vite/manifest.json: the API links the CSS and scripts of a server-rendered page (decision 108).
        manifest: true,
        target: 'es2022',
        // One stylesheet for the whole app (decision 110): the pages' CSS modules add 1.3 kB brotli to it,
        // where each page stylesheet was a render-blocking request of its own on a server-rendered page
        // (a connection and a round trip on a phone) and a link the app appended while taking over.
        cssCodeSplit: false,
        chunkSizeWarningLimit: 600,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // Everything the entry imports statically loads on every first page anyway: one file
                  // instead of some twenty small shared ones saves a request (and its headers) each and
                  // compresses better (decision 058).
                  name: 'app',
                  tags: ['$initial'],
                },
                {
                  // Each area's query-key factory is a few hundred bytes that pages of several areas share,
                  // so each became a chunk of its own, more response headers than code; one chunk for all
                  // of them (some 2 kB) is one request on a page instead of three (decision 105).
                  name: 'query-keys',
                  test: /[\\/]features[\\/][^\\/]+[\\/]api[\\/]keys\.ts$/,
                },
              ],
            },
          },
          treeshake: {
            // The contract is pure schemas and constants: a page that uses one area should not
            // carry every other area's schemas into its chunk (it has no sideEffects flag of its own).
            moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
}));
