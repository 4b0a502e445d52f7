import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import packageJson from './package.json' with { type: 'json' };

/** Path prefixes of the API server (spec 000 §7); in development they are proxied to it. */
const API_PREFIXES = ['/user', '/usercenter', '/oauth', '/estimate-tools', '/api'] as const;
const API_TARGET = process.env.PVPLAN_API_TARGET ?? 'http://localhost:8080';

const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  API_PREFIXES.map((prefix) => [`${prefix}/`, { target: API_TARGET, changeOrigin: true }]),
);

/** This build's version: the package version plus the build time; a page seeing another one reloads. */
const APP_VERSION = `${packageJson.version}+${Date.now().toString(36)}`;

/** Writes version.json next to index.html (spec 000 §4: a new version number triggers a reload). */
function versionFile(): Plugin {
  return {
    name: 'pvplan-version-file',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ version: APP_VERSION }),
      });
    },
  };
}

/** Long-lived vendor chunks, so an app release does not invalidate the libraries' cache. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  if (/\/node_modules\/(react|react-dom|react-router|react-router-dom|scheduler)\//.test(id)) return 'react';
  if (/\/node_modules\/(echarts|zrender)\//.test(id)) return 'echarts';
  if (/\/node_modules\/(maplibre-gl|@maplibre)\//.test(id)) return 'maplibre';
  return undefined;
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/isolarbp/',
  plugins: [react(), versionFile()],
  define: { __APP_VERSION__: JSON.stringify(APP_VERSION) },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // The shell's antd components are ~600 kB minified; the rest load with the pages that use them.
    chunkSizeWarningLimit: 800,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
});
