import { randomUUID } from 'node:crypto';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import { defineConfig, type Plugin } from 'vite';
import { earlyStartPlugin } from './plugins/early-start';
import { pdfjsAssetsPlugin } from './plugins/pdfjs-assets';

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080';
const API_PREFIXES = ['/auth', '/base_api', '/bpm_api', '/msg_api', '/file_api', '/hr_api', '/salary_api', '/recruit_api', '/api/docs'];

/**
 * Writes dist/version.json with a build id. The shell fetches it after each navigation and
 * reloads once when the published build differs from the one it runs (spec 000 §4).
 */
function versionFile(buildId: string): Plugin {
  return {
    name: 'erp-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version: buildId, builtAt: new Date().toISOString() }) });
    },
  };
}

const CONTRACT_SRC = `${path.sep}packages${path.sep}contract${path.sep}src${path.sep}`;
const ZOD_STUB = path.resolve(import.meta.dirname, 'src/app/api/zod-stub.ts');

/** Minimal ESTree shape walked below. */
interface EsNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
const isNode = (v: unknown): v is EsNode => typeof v === 'object' && v !== null && typeof (v as EsNode).type === 'string';

function walk(node: EsNode, visit: (n: EsNode) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const v of value) isNode(v) && walk(v, visit);
    else if (isNode(value)) walk(value, visit);
  }
}

const STRIPPED_CALL_KEYS = new Set(['request', 'data', 'summary']);

/**
 * The contract is shared with the server; the browser needs only each call's method, path and
 * body kinds, plus constants — never the zod schemas (the web does not validate with them).
 * So, inside contract files bundled for the web: zod is swapped for an inert stub, the
 * `request`/`data`/`summary` of every defineCall are dropped, and top-level schema constants are
 * marked pure so the bundler removes the ones nothing uses. This keeps the first screens'
 * weight independent of how large the contract grows.
 */
function contractForBrowser(): Plugin {
  return {
    name: 'erp-contract-for-browser',
    enforce: 'post',
    transform(code, id) {
      if (!id.includes(CONTRACT_SRC) || !id.endsWith('.ts')) return null;
      const s = new MagicString(code);
      const program = this.parse(code) as unknown as EsNode;
      walk(program, (n) => {
        if (n.type === 'ImportDeclaration' && isNode(n.source) && n.source.value === 'zod') s.overwrite(n.source.start, n.source.end, JSON.stringify(ZOD_STUB));
        if (n.type === 'CallExpression' && isNode(n.callee) && n.callee.type === 'Identifier' && n.callee.name === 'defineCall') {
          const arg = (n.arguments as EsNode[])[0];
          if (arg?.type !== 'ObjectExpression') return;
          for (const prop of arg.properties as EsNode[]) {
            const key = prop.key as EsNode | undefined;
            const value = prop.value as EsNode | undefined;
            if (prop.type !== 'Property' || key?.type !== 'Identifier' || !STRIPPED_CALL_KEYS.has(key.name as string) || !value) continue;
            const empty = key.name === 'summary' ? "''" : 'null';
            // A shorthand `{ summary }` has no separate value to replace.
            if (prop.shorthand) s.overwrite(prop.start, prop.end, `${key.name}: ${empty}`);
            else s.overwrite(value.start, value.end, empty);
          }
        }
      });
      for (const statement of program.body as EsNode[]) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as EsNode | null) : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const d of declaration.declarations as EsNode[]) {
          const init = d.init as EsNode | null;
          if (init && (init.type === 'CallExpression' || init.type === 'NewExpression')) s.prependLeft(init.start, '/* @__PURE__ */ ');
        }
      }
      return { code: s.toString(), map: s.generateMap({ hires: true, source: id }) };
    },
  };
}

export default defineConfig(() => {
  const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  return {
    plugins: [contractForBrowser(), react(), versionFile(buildId), earlyStartPlugin(), pdfjsAssetsPlugin()],
    define: { __BUILD_ID__: JSON.stringify(buildId) },
    server: {
      proxy: {
        ...Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: true }])),
        '/socket': { target: API_TARGET, ws: true, changeOrigin: true },
      },
    },
    build: {
      target: 'es2022',
      chunkSizeWarningLimit: 1500,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                // What every page needs, in one file: split by how lazy screens share them, these
                // libraries became a dozen small entry files (more round trips, worse compression).
                name: 'framework',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query))[\\/]/,
              },
            ],
          },
        },
      },
    },
  };
});
