import { cloudflare } from '@cloudflare/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react(), cloudflare()],
  environments: {
    client: {
      build: {
        // The Worker reads /assets-manifest.json through the ASSETS binding to find the hashed
        // entry and each page's chunk, so the server render can preload exactly what a page needs.
        manifest: 'assets-manifest.json',
        rollupOptions: { input: 'src/client/entry.tsx' },
      },
    },
  },
})
