import { createHash } from 'node:crypto';
import type { Plugin, Rolldown } from 'vite';
import { authCalls } from '../../packages/contract/src/modules/auth';
import { earlyStartScript } from '../src/app/boot/early-start';
import { PUBLIC_PATHS } from '../src/app/registry/fixed-routes';

const SHELL_MODULE = '/src/app/shell/shell-layout.tsx';
/** First screens worth starting early: the workbench is where a returning user lands. */
const SCREEN_MODULES: Record<string, string> = {
  '/': '/src/app/pages/workbench/workbench-page.tsx',
  '/WorkBench/index': '/src/app/pages/workbench/workbench-page.tsx',
};

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const isChunk = (o: OutputBundle[string]): o is OutputChunk => o.type === 'chunk';

/** A chunk and every chunk it imports statically (what loading it fetches). */
function closure(bundle: OutputBundle, file: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[file];
  if (!chunk || !isChunk(chunk) || into.has(file)) return into;
  into.add(file);
  for (const dep of chunk.imports) closure(bundle, dep, into);
  return into;
}

/**
 * Writes the early-start script (src/app/boot/early-start.ts) next to the built index.html, which loads it, with the
 * file names of the layout's and the workbench's chunks (beyond those the entry loads anyway).
 */
export function earlyStartPlugin(): Plugin {
  let base = '/';
  let pending: { fileName: string; source: string } | null = null;
  return {
    name: 'erp-early-start',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler() {
        if (pending) this.emitFile({ type: 'asset', fileName: pending.fileName, source: pending.source });
      },
    },
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter(isChunk);
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return html;
        const inEntry = closure(bundle, entry.fileName);
        const filesOf = (moduleSuffix: string): string[] => {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(moduleSuffix));
          if (!chunk) throw new Error(`early start: no chunk for ${moduleSuffix}`);
          const files = [...closure(bundle, chunk.fileName)].filter((f) => !inEntry.has(f));
          const css = files.flatMap((f) => [...((bundle[f] as OutputChunk).viteMetadata?.importedCss ?? [])]);
          return [...files, ...new Set(css)].map((f) => `${base}${f}`);
        };
        const shell = filesOf(SHELL_MODULE);
        const script = earlyStartScript({
          menusUrl: authCalls.menuTree.path,
          publicPaths: PUBLIC_PATHS,
          shell,
          screens: Object.fromEntries(Object.entries(SCREEN_MODULES).map(([path, mod]) => [path, filesOf(mod).filter((f) => !shell.includes(f))])),
        });
        // A classic inline script runs while the page is parsed, before the (deferred) entry module.
        // A file of its own, not inline: the Content-Security-Policy allows no inline script (script-src 'self').
        // A classic script in the head runs before the entry module (modules are deferred).
        const fileName = `assets/early-start-${createHash('sha256').update(script).digest('hex').slice(0, 10)}.js`;
        pending = { fileName, source: script };
        return { html, tags: [{ tag: 'script', attrs: { src: `${base}${fileName}` }, injectTo: 'head' }] };
      },
    },
  };
}
