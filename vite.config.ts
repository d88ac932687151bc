import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://localhost:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
  root: 'src/app',
  publicDir: false,
  build: { outDir: '../../dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 800 },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/sso': apiTarget },
  },
});
