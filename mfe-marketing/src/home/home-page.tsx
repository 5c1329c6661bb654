import { LocalizedLink } from '@reelmint/shared';
import { useMarketingText } from '../i18n.ts';
import styles from './home-page.module.css';

/** /: the front door. Sits under the transparent header, so the hero starts at the very top. */
export default function HomePage() {
  const { t } = useMarketingText();
  return (
    <main data-remote="marketing">
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <h1 className={styles.title}>{t('home.title')}</h1>
          <p className={styles.lead}>{t('home.lead')}</p>
          <div className={styles.actions}>
            <LocalizedLink className={styles.cta} to="/image-to-video/generator">{t('home.cta')}</LocalizedLink>
            <LocalizedLink className={styles.ghost} to="/pricing">{t('home.secondary')}</LocalizedLink>
          </div>
        </div>
      </section>
      <section className={styles.ways}>
        <LocalizedLink className={styles.way} to="/text-to-video">
          <h2>{t('home.textCard')}</h2>
          <p>{t('home.textCardBody')}</p>
        </LocalizedLink>
        <LocalizedLink className={styles.way} to="/image-to-video">
          <h2>{t('home.imageCard')}</h2>
          <p>{t('home.imageCardBody')}</p>
        </LocalizedLink>
      </section>
    </main>
  );
}
