// Bundles the server (and the contract it imports) into dist/; node_modules stay external, except drizzle-orm (below).
import fs from 'node:fs';
import { build } from 'esbuild';

const external = (await import('./package.json', { with: { type: 'json' } })).default;
// drizzle-orm is bundled so that its entity check can be the one in build/drizzle-entity.js.
const deps = Object.keys(external.dependencies ?? {}).filter((d) => d !== 'drizzle-orm');

/** drizzle-orm/entity.js → build/drizzle-entity.js (same answers, remembered per class; see that file). */
const drizzleEntity = {
  name: 'drizzle-entity',
  setup(b) {
    b.onLoad({ filter: /[\\/]drizzle-orm[\\/]entity\.js$/ }, async () => ({
      contents: await fs.promises.readFile(new URL('./build/drizzle-entity.js', import.meta.url), 'utf8'),
      loader: 'js',
    }));
  },
};

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
  plugins: [drizzleEntity],
});
fs.rmSync('dist/migrations', { recursive: true, force: true });
fs.cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
// The help centre's articles (Markdown, read by the help seed at start: help-articles.ts).
fs.rmSync('dist/help-articles', { recursive: true, force: true });
fs.cpSync('src/modules/help/articles', 'dist/help-articles', { recursive: true });
