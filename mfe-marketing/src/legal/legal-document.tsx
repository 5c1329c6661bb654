import { formatDate, LocalizedLink, useActiveLanguage } from '@reelmint/shared';
import { useLegalText } from './legal-text.ts';
import { SimplePage } from '../ui/simple-page.tsx';
import styles from './legal.module.css';

/** When the legal texts last changed; shown at the top of both documents. */
export const LEGAL_UPDATED = '2026-12-03';

interface LegalDocumentProps {
  /** The document's key in the strings: 'privacy' or 'terms'. */
  doc: 'privacy' | 'terms';
  sections: readonly string[];
}

/** A legal document: its date, a table of contents linking to each numbered section, then the sections. */
export function LegalDocument({ doc, sections }: LegalDocumentProps) {
  const { t } = useLegalText();
  const date = formatDate(`${LEGAL_UPDATED}T00:00:00Z`, useActiveLanguage(), { dateStyle: 'long', timeZone: 'UTC' });
  const anchor = (id: string) => `${doc}-${id}`;

  return (
    <SimplePage title={t(`${doc}.title`)} lead={t(`${doc}.lead`)}>
      <div className={styles.layout}>
        <nav className={styles.toc} aria-labelledby={`${doc}-toc`}>
          <h2 id={`${doc}-toc`} className={styles.tocTitle}>
            {t('legal.contents')}
          </h2>
          <ol>
            {sections.map((id) => (
              <li key={id}>
                <a href={`#${anchor(id)}`}>{t(`${doc}.sections.${id}.title`)}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className={styles.document}>
          <p className={styles.updated}>
            <time dateTime={LEGAL_UPDATED}>{t('legal.updated', { date })}</time>
          </p>
          {sections.map((id, index) => (
            <section key={id} id={anchor(id)} className={styles.section} aria-labelledby={`${anchor(id)}-title`}>
              <h2 id={`${anchor(id)}-title`}>
                <span className={styles.number}>{index + 1}.</span> {t(`${doc}.sections.${id}.title`)}
              </h2>
              <p>{t(`${doc}.sections.${id}.body`)}</p>
            </section>
          ))}
          <p className={styles.questions}>
            <LocalizedLink to="/contact">{t('legal.questions')}</LocalizedLink>
          </p>
        </article>
      </div>
    </SimplePage>
  );
}
