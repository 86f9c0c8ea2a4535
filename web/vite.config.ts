import { randomUUID } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig(() => {
  const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  return {
    plugins: [react(), versionFile(buildId)],
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
    },
  };
});
