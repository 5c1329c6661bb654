import { useMarketingText } from '../i18n.ts';
import { SimplePage } from '../ui/simple-page.tsx';

export default function ContactPage() {
  const { t } = useMarketingText();
  return <SimplePage title={t('contact.title')} lead={t('contact.lead')} />;
}
