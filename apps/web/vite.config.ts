import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
  },
  // The server build (`vite build --ssr src/entry-server.tsx`) carries React and the rest in its
  // own files: the server's image installs only the server's dependencies.
  ssr: { noExternal: true },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
