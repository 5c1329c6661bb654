import { useMarketingText } from '../i18n.ts';
import { SimplePage } from '../ui/simple-page.tsx';

export default function PrivacyPage() {
  const { t } = useMarketingText();
  return <SimplePage title={t('privacy.title')} lead={t('privacy.lead')} />;
}
