// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  build: { inlineStylesheets: 'auto' },
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    build: {
      // fonts stay files: a Korean font is ~100 unicode-range subsets and the browser fetches only
      // those a text needs; inlined into CSS (Vite's 4 KB rule) they would all come at once
      assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf|eot)$/.test(file) ? false : undefined),
    },
  },
});
