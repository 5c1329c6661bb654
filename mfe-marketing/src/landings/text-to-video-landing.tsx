import { LocalizedLink } from '@reelmint/shared';
import { useMarketingText } from '../i18n.ts';
import { SimplePage } from '../ui/simple-page.tsx';
import styles from '../ui/page.module.css';

export default function TextToVideoLanding() {
  const { t } = useMarketingText();
  return (
    <SimplePage title={t('textLanding.title')} lead={t('textLanding.lead')}>
      <LocalizedLink className={styles.cta} to="/text-to-video/generator">{t('textLanding.cta')}</LocalizedLink>
    </SimplePage>
  );
}
