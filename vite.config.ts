import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { foersteJsLinje, maalFoersteJs } from './scripts/foerste-js.ts';

const apiTarget = `http://localhost:${process.env.API_PORT ?? 8080}`;

/** Prints the initial JavaScript (issue 16: at most 170 KB gzipped) after every build. */
function foersteJs(): Plugin {
  let outDir = '';
  return {
    name: 'foerste-js',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      console.log(foersteJsLinje(maalFoersteJs(outDir)));
    },
  };
}

export default defineConfig({
  plugins: [react(), foersteJs()],
  root: 'src/app',
  publicDir: false,
  build: { outDir: '../../dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 800 },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/sso': apiTarget },
  },
});
