import { useCompanyText } from './company-text.ts';
import { SimplePage } from '../ui/simple-page.tsx';
import { ContactForm } from './contact-form.tsx';
import { CONTACT_EMAIL } from './contact-message.ts';
import styles from './company.module.css';

/** /contact: the address to write to, and a form that prepares the email. */
export default function ContactPage() {
  const { t } = useCompanyText();
  return (
    <SimplePage title={t('contact.title')} lead={t('contact.lead')}>
      <div className={styles.contactGrid}>
        <section className={styles.card} aria-labelledby="contact-email">
          <h2 id="contact-email">{t('contact.emailTitle')}</h2>
          <p className={styles.cardNote}>{t('contact.emailBody')}</p>
          <a className={styles.mail} href={`mailto:${CONTACT_EMAIL}`}>
            {CONTACT_EMAIL}
          </a>
        </section>
        <section className={styles.card} aria-labelledby="contact-form">
          <h2 id="contact-form">{t('contact.formTitle')}</h2>
          <ContactForm />
        </section>
      </div>
    </SimplePage>
  );
}
