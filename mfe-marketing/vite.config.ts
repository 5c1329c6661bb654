import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { fileURLToPath } from 'node:url';
import { devServer, federationOptions, remoteBuildOptions, ssrBuild } from '@reelmint/shared/federation';

// Each exposed module is one screen or slot: this remote's public API (see README.md).
export default defineConfig(({ command, isSsrBuild }) => ({
  base: './',
  plugins: [
    react(),
    federation(
      federationOptions(
        'marketing',
        {
          './HomePage': './src/home/home-page.tsx',
          './TextToVideoLanding': './src/landings/text-to-video-landing.tsx',
          './ImageToVideoLanding': './src/landings/image-to-video-landing.tsx',
          './TemplatesPage': './src/templates/templates-page.tsx',
          './AboutPage': './src/company/about-page.tsx',
          './FaqsPage': './src/company/faqs-page.tsx',
          './ContactPage': './src/company/contact-page.tsx',
          './PrivacyPage': './src/legal/privacy-page.tsx',
          './TermsPage': './src/legal/terms-page.tsx',
        },
        { command, ssr: Boolean(isSsrBuild) },
      ),
    ),
  ],
  server: devServer('marketing'),
  // The server build keeps its own chunking (it is read from disk by the shell's server, not fetched).
  build: { target: 'es2022', ...(isSsrBuild ? ssrBuild : { rolldownOptions: remoteBuildOptions(fileURLToPath(new URL('.', import.meta.url))) }) },
}));
