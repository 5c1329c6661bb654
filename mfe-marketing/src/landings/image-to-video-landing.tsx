import { LocalizedLink } from '@reelmint/shared';
import { useMarketingText } from '../i18n.ts';
import { SimplePage } from '../ui/simple-page.tsx';
import styles from '../ui/page.module.css';

export default function ImageToVideoLanding() {
  const { t } = useMarketingText();
  return (
    <SimplePage title={t('imageLanding.title')} lead={t('imageLanding.lead')}>
      <LocalizedLink className={styles.cta} to="/image-to-video/generator">{t('imageLanding.cta')}</LocalizedLink>
    </SimplePage>
  );
}
