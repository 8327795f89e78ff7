import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [vike(), react()],
  // styled-components: stable component ids so server and client class names agree (no hydration drift).
  oxc: { plugins: { styledComponents: { ssr: true, displayName: false, fileName: false } } },
  build: { target: 'es2022' },
});
