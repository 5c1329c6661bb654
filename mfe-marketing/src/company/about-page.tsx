import { LocalizedLink } from '@reelmint/shared';
import { useMarketingText } from '../i18n.ts';
import { useCompanyText } from './company-text.ts';
import { SimplePage } from '../ui/simple-page.tsx';
import pageStyles from '../ui/page.module.css';
import styles from './company.module.css';

const VALUES = [
  { id: 'value1', icon: '✓' },
  { id: 'value2', icon: '◆' },
  { id: 'value3', icon: '★' },
] as const;

/** /about-us: why Reelmint exists and what it holds itself to. */
export default function AboutPage() {
  const { t } = useCompanyText();
  // The site's promise, as the home page says it.
  const { t: tMarketing } = useMarketingText();
  return (
    <SimplePage title={t('about.title')} lead={t('about.lead')}>
      <section className={`${pageStyles.section} ${styles.split}`} aria-labelledby="about-mission">
        <div className={styles.prose}>
          <h2 id="about-mission" className={pageStyles.sectionTitle}>
            {t('about.missionTitle')}
          </h2>
          <p>{t('about.missionBody')}</p>
        </div>
        <p className={styles.quote}>{tMarketing('home.title')}</p>
      </section>
      <section className={pageStyles.section} aria-labelledby="about-values">
        <h2 id="about-values" className={pageStyles.sectionTitle}>
          {t('about.valuesTitle')}
        </h2>
        <ul className={styles.values}>
          {VALUES.map((value) => (
            <li key={value.id} className={styles.value}>
              <span className={styles.valueIcon} aria-hidden="true">
                {value.icon}
              </span>
              <h3>{t(`about.${value.id}Title`)}</h3>
              <p>{t(`about.${value.id}Body`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className={pageStyles.band}>
        <div>
          <h2>{t('about.contactTitle')}</h2>
          <p>{t('about.contactBody')}</p>
        </div>
        <LocalizedLink className={pageStyles.bandCta} to="/contact">
          {t('about.contactCta')}
        </LocalizedLink>
      </section>
    </SimplePage>
  );
}
