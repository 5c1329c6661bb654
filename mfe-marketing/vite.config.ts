import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { fileURLToPath } from 'node:url';
import { devServer, federationOptions, remoteBuildOptions, ssrBuild } from '@reelmint/shared/federation';

/**
 * The screens other than the home page and what only they use, in chunks of their own: the home page is where most
 * visits start, and it then downloads only its own code (see remoteBuildOptions). The legal documents are apart from
 * the rest, and so are the about and contact pages, so that their strings (legal/legal-text.ts, company/company-text.ts)
 * come only with them.
 */
const APART = {
  'more-screens': ['landings/', String.raw`templates/(?:templates-page|template-skeletons|filter-templates|templates-queries)\.`],
  // The FAQ page too (it shares the about page's stylesheet); the home page's questions stay with the home page.
  company: [String.raw`company/(?!faq-items\.)`],
  legal: ['legal/'],
};
/**
 * The catalogue's query cache (templates/templates-queries.tsx) and TanStack Query under it go with the screens that
 * use them: the home page's first load carries no query library (issue #12).
 */
const LIBRARIES = { 'more-screens': ['/node_modules/@tanstack/', '/shared/src/query-client.'] };

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
  build: {
    target: 'es2022',
    ...(isSsrBuild ? ssrBuild : { rolldownOptions: remoteBuildOptions(fileURLToPath(new URL('.', import.meta.url)), { apart: APART, libraries: LIBRARIES }) }),
  },
}));
