import { LocalizedLink } from '@reelmint/shared';
import { useMarketingText } from '../i18n.ts';
import { Accordion } from '../ui/accordion.tsx';
import { SimplePage } from '../ui/simple-page.tsx';
import pageStyles from '../ui/page.module.css';
import { useFaqItems } from './faq-items.tsx';
import styles from './company.module.css';

/** /faqs: the questions people ask before and after they pay, as an accessible accordion. */
export default function FaqsPage() {
  const { t } = useMarketingText();
  const items = useFaqItems();
  return (
    <SimplePage title={t('faqs.title')} lead={t('faqs.lead')}>
      <div className={`${pageStyles.section} ${styles.narrow}`}>
        <Accordion items={items} initiallyOpen={['credits']} />
      </div>
      <section className={pageStyles.band}>
        <div>
          <h2>{t('faqs.moreTitle')}</h2>
          <p>{t('faqs.moreBody')}</p>
        </div>
        <LocalizedLink className={pageStyles.bandCta} to="/contact">
          {t('faqs.moreCta')}
        </LocalizedLink>
      </section>
    </SimplePage>
  );
}
