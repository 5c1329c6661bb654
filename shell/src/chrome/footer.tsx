import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@reelmint/shared';
import styles from './footer.module.css';

/** The columns and the bottom bar as the product lays them out: the legal pages and the FAQs are in both. */
const COLUMNS = [
  {
    title: 'footer.product',
    links: [
      ['/text-to-video', 'nav.textToVideo'],
      ['/image-to-video', 'nav.imageToVideo'],
      ['/pricing', 'nav.pricing'],
    ],
  },
  {
    title: 'footer.company',
    links: [
      ['/about-us', 'footer.about'],
      ['/privacy-policy', 'footer.privacy'],
      ['/terms-of-service', 'footer.terms'],
      ['/contact', 'footer.contact'],
    ],
  },
  {
    title: 'footer.resource',
    links: [
      ['/faqs', 'footer.faqs'],
      ['/free-video-templates', 'nav.templates'],
      ['/text-to-video', 'nav.textToVideo'],
      ['/image-to-video', 'nav.imageToVideo'],
    ],
  },
] as const;

const BOTTOM = [
  ['/privacy-policy', 'footer.privacy'],
  ['/terms-of-service', 'footer.terms'],
  ['/faqs', 'footer.faqs'],
] as const;

/** Footer links scroll smoothly to the top as they navigate. */
const scrollUp = () => window.scrollTo({ top: 0, behavior: 'smooth' });

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer} data-testid="site-footer">
      <div className={styles.inner}>
        <div className={styles.brand}>
          <strong>Reelmint</strong>
          <p>{t('footer.tagline')}</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={t(column.title)} className={styles.column}>
            <h2>{t(column.title)}</h2>
            <ul>
              {column.links.map(([to, key]) => (
                <li key={to}>
                  <LocalizedLink to={to} onClick={scrollUp}>
                    {t(key)}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={styles.bottom}>
        <span>© {new Date().getFullYear()} Reelmint</span>
        <ul>
          {BOTTOM.map(([to, key]) => (
            <li key={to}>
              <LocalizedLink to={to} onClick={scrollUp}>
                {t(key)}
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
