import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const contractsEntry = fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url));
const serverTarget = 'http://localhost:3000';
const proxiedPrefixes = ['/api', '/v1', '/pg', '/mj', '/suno', '/healthz', '/readyz'];

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  resolve: { alias: { '@tollgate/contracts': contractsEntry } },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxiedPrefixes.map((prefix) => [prefix, { target: serverTarget, changeOrigin: true }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd alone is ~550 kB minified; it is one long-cached vendor chunk, not an app chunk that grew.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 5 },
            { name: 'icons', test: /node_modules[\\/]@ant-design[\\/]icons/, priority: 4 },
            // antd's building blocks in a chunk of their own, so a component change leaves them cached.
            {
              name: 'antd-base',
              test: /node_modules[\\/](@ant-design|@rc-component|rc-[^\\/]+|dayjs)[\\/]/,
              priority: 3,
              // Only what the first page loads: the dashboard's chart library (@ant-design/plots) and what only it
              // uses stay in the dashboard's lazily loaded chunk.
              tags: ['$initial'],
            },
            { name: 'antd', test: /node_modules[\\/]antd[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules/, priority: 1, tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
