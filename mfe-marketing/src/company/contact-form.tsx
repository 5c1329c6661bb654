import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useCompanyText } from './company-text.ts';
import pageStyles from '../ui/page.module.css';
import { CONTACT_EMAIL, CONTACT_TOPICS, mailtoFor, validateContact } from './contact-message.ts';
import type { ContactMessage, ContactProblems, ContactTopic } from './contact-message.ts';
import styles from './company.module.css';

const FIELDS = ['name', 'email', 'message'] as const;

/**
 * Checks the message, then hands it to the person's email app through a mailto: link (the API has
 * no contact endpoint). The form says so up front and afterwards, so nothing seems sent that was not.
 */
export function ContactForm({ openMail = (href: string) => window.location.assign(href) }: { openMail?: (href: string) => void }) {
  const { t } = useCompanyText();
  const id = useId();
  const [message, setMessage] = useState<ContactMessage>({ name: '', email: '', topic: 'account', message: '' });
  const [tried, setTried] = useState(false);
  const [opened, setOpened] = useState(false);
  // Counted at submit only: an alert that recounted on every keystroke would interrupt the reader
  // each time a field is fixed. `attempt` re-renders the line so a repeated submit is announced again.
  const [summary, setSummary] = useState<{ count: number; attempt: number } | null>(null);
  const controls = useRef<Partial<Record<(typeof FIELDS)[number], HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const problems: ContactProblems = tried ? validateContact(message) : {};
  const unresolved = Object.keys(problems).length > 0;

  const change = (field: keyof ContactMessage, value: string) => {
    setOpened(false);
    setMessage((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = validateContact(message);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      setSummary((last) => ({ count: Object.keys(found).length, attempt: (last?.attempt ?? 0) + 1 }));
      setOpened(false);
      controls.current[first]?.focus();
      return;
    }
    const topic = t(`contact.topics.${message.topic}`);
    const subject = t('contact.subject', { topic, name: message.name.trim() });
    const body = `${message.message.trim()}\n\n— ${message.name.trim()}\n${t('contact.replyTo', { email: message.email.trim() })}`;
    openMail(mailtoFor(subject, body));
    setSummary(null);
    setOpened(true);
  };

  const describedBy = (field: (typeof FIELDS)[number], extra?: string) =>
    [problems[field] ? `${id}-${field}-error` : '', extra ?? ''].filter(Boolean).join(' ') || undefined;
  const error = (field: (typeof FIELDS)[number]) =>
    problems[field] && (
      <p id={`${id}-${field}-error`} className={styles.fieldError}>
        {t(`contact.${problems[field]}`)}
      </p>
    );

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-describedby={`${id}-note`}>
      <p id={`${id}-note`} className={styles.cardNote}>
        {t('contact.formNote', { email: CONTACT_EMAIL })}
      </p>
      <div role="alert" className={styles.live}>
        {summary && unresolved && (
          <p key={summary.attempt} className={styles.summary}>
            {t('contact.errorsSummary', { count: summary.count })}
          </p>
        )}
      </div>
      <div className={styles.row}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-name`}>
            {t('contact.name')}
          </label>
          <input
            ref={(element) => {
              controls.current.name = element;
            }}
            id={`${id}-name`}
            className={styles.control}
            autoComplete="name"
            required
            value={message.name}
            aria-invalid={!!problems.name}
            aria-describedby={describedBy('name')}
            onChange={(event) => change('name', event.target.value)}
          />
          {error('name')}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-email`}>
            {t('contact.email')}
          </label>
          <input
            ref={(element) => {
              controls.current.email = element;
            }}
            id={`${id}-email`}
            className={styles.control}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={message.email}
            aria-invalid={!!problems.email}
            aria-describedby={describedBy('email')}
            onChange={(event) => change('email', event.target.value)}
          />
          {error('email')}
        </div>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-topic`}>
          {t('contact.topic')}
        </label>
        <select id={`${id}-topic`} className={styles.control} value={message.topic} onChange={(event) => change('topic', event.target.value as ContactTopic)}>
          {CONTACT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {t(`contact.topics.${topic}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-message`}>
          {t('contact.message')}
        </label>
        <textarea
          ref={(element) => {
            controls.current.message = element;
          }}
          id={`${id}-message`}
          className={styles.control}
          required
          value={message.message}
          aria-invalid={!!problems.message}
          aria-describedby={describedBy('message', `${id}-message-hint`)}
          onChange={(event) => change('message', event.target.value)}
        />
        <p id={`${id}-message-hint`} className={styles.hint}>
          {t('contact.messageHint')}
        </p>
        {error('message')}
      </div>
      <div role="status" className={styles.live}>
        {opened && <p className={styles.success}>{t('contact.opened', { email: CONTACT_EMAIL })}</p>}
      </div>
      <button type="submit" className={`${pageStyles.cta} ${styles.submit}`}>
        {t('contact.submit')}
      </button>
    </form>
  );
}
