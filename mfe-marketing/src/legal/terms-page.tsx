import { useMarketingText } from '../i18n.ts';
import { SimplePage } from '../ui/simple-page.tsx';

export default function TermsPage() {
  const { t } = useMarketingText();
  return <SimplePage title={t('terms.title')} lead={t('terms.lead')} />;
}
