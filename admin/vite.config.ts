import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Optional: `BARBERLY_URL=http://localhost:3000 npm run dev -w admin` proxies the api and auth to a running stack. */
const stack = process.env.BARBERLY_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', target: 'es2022', sourcemap: false },
  server: {
    proxy: {
      '/api': { target: stack, changeOrigin: false },
      '/auth/v1': { target: stack, changeOrigin: false },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
