import { Route, Routes } from 'react-router-dom';
import { mountDevHarness } from '@reelmint/shared/dev-harness';
import '@reelmint/shared/styles.css';
import HomePage from '../home/home-page.tsx';
import TextToVideoLanding from '../landings/text-to-video-landing.tsx';
import ImageToVideoLanding from '../landings/image-to-video-landing.tsx';
import TemplatesPage from '../templates/templates-page.tsx';
import AboutPage from '../company/about-page.tsx';
import FaqsPage from '../company/faqs-page.tsx';
import ContactPage from '../company/contact-page.tsx';
import PrivacyPage from '../legal/privacy-page.tsx';
import TermsPage from '../legal/terms-page.tsx';

// Standalone harness: marketing's screens without the shell, for the marketing team's own dev loop.
void mountDevHarness(
  document.getElementById('root')!,
  <Routes>
    <Route path="/text-to-video" element={<TextToVideoLanding />} />
    <Route path="/image-to-video" element={<ImageToVideoLanding />} />
    <Route path="/free-video-templates" element={<TemplatesPage />} />
    <Route path="/about-us" element={<AboutPage />} />
    <Route path="/faqs" element={<FaqsPage />} />
    <Route path="/contact" element={<ContactPage />} />
    <Route path="/privacy-policy" element={<PrivacyPage />} />
    <Route path="/terms-of-service" element={<TermsPage />} />
    <Route path="*" element={<HomePage />} />
  </Routes>,
);
