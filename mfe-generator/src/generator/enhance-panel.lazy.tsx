import { useEffect, useId, useRef, useState } from 'react';
import { request as apiRequest } from '@reelmint/shared';
import type { EnhancePromptReply, EnhancePromptRequest } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import { errorMessage } from './errors.ts';
import { PROMPT_MAX } from './settings.ts';
import { useToolsText } from './tools-text.lazy.ts';
import styles from './tools.module.css';

interface Props {
  request: EnhancePromptRequest;
  onUse: (prompt: string) => void;
  onDiscard: () => void;
}

type Proposal = { status: 'loading' } | { status: 'ready'; reply: EnhancePromptReply } | { status: 'error'; error: unknown };

/**
 * A proposed prompt, asked for once when drawn (for the prompt and settings of that moment): editable, labelled with
 * what wrote it, and put into the prompt field only when the person says so.
 */
export default function EnhancePanel({ request, onUse, onDiscard }: Props) {
  const { t } = useToolsText();
  const generator = useGeneratorText();
  const ids = { heading: useId(), field: useId(), source: useId() };
  const [asked] = useState(request);
  const [attempt, setAttempt] = useState(0);
  const [proposal, setProposal] = useState<Proposal>({ status: 'loading' });
  const [text, setText] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    setProposal({ status: 'loading' });
    apiRequest<EnhancePromptReply>('POST', '/api/videos/enhance-prompt', { body: asked, signal: controller.signal }).then(
      (reply) => {
        setText(reply.prompt);
        setProposal({ status: 'ready', reply });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setProposal({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [asked, attempt]);

  useEffect(() => {
    if (proposal.status === 'ready') field.current?.focus();
  }, [proposal.status]);

  return (
    <section className={styles.proposal} aria-labelledby={ids.heading} aria-busy={proposal.status === 'loading'} data-testid="enhance-panel">
      <h3 id={ids.heading} className={styles.heading}>
        {t('enhance.title')}
      </h3>
      <div aria-live="polite">
        {proposal.status === 'loading' && <p className={styles.note}>{t('enhance.loading')}</p>}
        {proposal.status === 'ready' && (
          <p id={ids.source} className={styles.source} data-testid="enhance-source" data-source={proposal.reply.source}>
            {proposal.reply.source === 'provider' ? t('enhance.sourceProvider') : t('enhance.sourceLocal')}
            {proposal.reply.fallback && <span className={styles.note}>{t('enhance.fallback')}</span>}
          </p>
        )}
      </div>
      {proposal.status === 'error' && (
        <p className={styles.error} role="alert">
          {errorMessage(generator.t, proposal.error)}
        </p>
      )}
      {proposal.status === 'ready' && (
        <>
          <label htmlFor={ids.field} className={styles.label}>
            {t('enhance.fieldLabel')}
          </label>
          <textarea
            ref={field}
            id={ids.field}
            className={styles.field}
            value={text}
            maxLength={PROMPT_MAX}
            rows={5}
            aria-describedby={ids.source}
            onChange={(event) => setText(event.target.value)}
            data-testid="enhance-text"
          />
          <p className={styles.note}>{t('enhance.free')}</p>
        </>
      )}
      <div className={styles.actions}>
        {proposal.status === 'ready' && (
          <button type="button" className={styles.primary} disabled={!text.trim()} onClick={() => onUse(text.trim())} data-testid="enhance-use">
            {t('enhance.use')}
          </button>
        )}
        {proposal.status === 'error' && (
          <button type="button" className={styles.primary} onClick={() => setAttempt((n) => n + 1)}>
            {t('enhance.retry')}
          </button>
        )}
        <button type="button" className={styles.secondary} onClick={onDiscard} data-testid="enhance-discard">
          {t('enhance.discard')}
        </button>
      </div>
    </section>
  );
}
