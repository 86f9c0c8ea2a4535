// Bundles the server (and the contract it imports) into dist/; node_modules stay external.
import fs from 'node:fs';
import { build } from 'esbuild';

const external = (await import('./package.json', { with: { type: 'json' } })).default;
const deps = Object.keys(external.dependencies ?? {});

await build({
  entryPoints: ['src/main.ts', 'src/generate.ts', 'src/backup-cli.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: 'dist',
  sourcemap: true,
  external: deps.flatMap((d) => [d, `${d}/*`]),
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
fs.rmSync('dist/migrations', { recursive: true, force: true });
fs.cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
