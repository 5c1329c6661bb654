import { useMarketingText } from '../i18n.ts';
import { SimplePage } from '../ui/simple-page.tsx';

export default function AboutPage() {
  const { t } = useMarketingText();
  return <SimplePage title={t('about.title')} lead={t('about.lead')} />;
}
