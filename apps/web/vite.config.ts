import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractsFromSources } from '../../packages/contracts/sources.ts';

// React and the styling engine are on every page and change rarely: their own long-cached chunks.
// Everything else is split by the router and by the lazy dialogs.
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  {
    name: 'mui-core',
    test: /node_modules[\\/](@emotion|stylis|@mui[\\/](system|styled-engine|private-theming))[\\/]/,
  },
];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: contractsFromSources },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  preview: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    cssCodeSplit: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
});
