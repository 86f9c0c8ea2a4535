import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The data pdf.js reads at run time: character maps (Chinese text without embedded fonts) and the 14 standard fonts. */
const FOLDERS = ['cmaps', 'standard_fonts'];
export const PDFJS_ASSET_BASE = '/pdfjs/';

/**
 * Ships pdf.js's character maps and standard fonts under /pdfjs/ (same origin: the CSP's
 * connect-src 'self' covers them), emitted into the build and served from node_modules in dev.
 */
export function pdfjsAssetsPlugin(): Plugin {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return {
    name: 'erp-pdfjs-assets',
    generateBundle() {
      for (const folder of FOLDERS) {
        for (const file of fs.readdirSync(path.join(root, folder))) {
          this.emitFile({ type: 'asset', fileName: `pdfjs/${folder}/${file}`, source: fs.readFileSync(path.join(root, folder, file)) });
        }
      }
    },
    configureServer(server) {
      server.middlewares.use(PDFJS_ASSET_BASE, (req, res, next) => {
        const [folder, file] = (req.url ?? '').replace(/^\//, '').split('?')[0]?.split('/') ?? [];
        if (!folder || !file || !FOLDERS.includes(folder) || file.includes('..')) return next();
        const full = path.join(root, folder, file);
        if (!fs.existsSync(full)) return next();
        res.setHeader('content-type', 'application/octet-stream');
        fs.createReadStream(full).pipe(res);
      });
    },
  };
}
