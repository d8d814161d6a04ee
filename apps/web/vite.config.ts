import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** `npm run dev` and `vite preview` forward API and OTLP calls to a `vigil serve` on its default port. */
const backend = 'http://127.0.0.1:8080';
const proxy = { '/api': backend, '/v1': backend };

// The root is this folder (`npm run build -w @vigil/web` runs here); the server serves `dist/`.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy },
  preview: { proxy },
});
