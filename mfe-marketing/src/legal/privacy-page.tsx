import { LegalDocument } from './legal-document.tsx';

const SECTIONS = [
  'who',
  'collect',
  'use',
  'uploads',
  'payments',
  'storage',
  'languages',
  'sharing',
  'retention',
  'rights',
  'security',
  'children',
  'changes',
] as const;

/** /privacy-policy: what Reelmint collects, why, and the choices people have. */
export default function PrivacyPage() {
  return <LegalDocument doc="privacy" sections={SECTIONS} />;
}
