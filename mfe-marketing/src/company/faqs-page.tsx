import { useMarketingText } from '../i18n.ts';
import { SimplePage } from '../ui/simple-page.tsx';

export default function FaqsPage() {
  const { t } = useMarketingText();
  return <SimplePage title={t('faqs.title')} lead={t('faqs.lead')} />;
}
