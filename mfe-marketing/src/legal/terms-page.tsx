import { LegalDocument } from './legal-document.tsx';

const SECTIONS = [
  'acceptance',
  'accounts',
  'credits',
  'plans',
  'cancellation',
  'uploads',
  'content',
  'use',
  'availability',
  'liability',
  'termination',
  'languages',
  'changes',
] as const;

/** /terms-of-service: the agreement for using the site, buying a plan and generating videos. */
export default function TermsPage() {
  return <LegalDocument doc="terms" sections={SECTIONS} />;
}
