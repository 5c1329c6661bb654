import { useEffect, useState } from 'react';
import { api, ApiError } from '@reelmint/shared';
import type { Loaded, VideoTemplate } from '@reelmint/shared';
import { useMarketingText } from '../i18n.ts';
import { SimplePage } from '../ui/simple-page.tsx';
import styles from '../ui/page.module.css';

type State = { kind: 'loading' } | { kind: 'ready'; templates: Loaded<VideoTemplate[]> } | { kind: 'error'; message: string };

/** /free-video-templates: the catalogue from the API (401 suppressed, so visitors see it signed out). */
export default function TemplatesPage() {
  const { t } = useMarketingText();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    api.templates().then(
      (templates) => live && setState({ kind: 'ready', templates }),
      (error: unknown) => live && setState({ kind: 'error', message: error instanceof ApiError ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  return (
    <SimplePage title={t('templates.title')} lead={t('templates.lead')}>
      {state.kind === 'loading' && <p role="status">{t('templates.loading')}</p>}
      {state.kind === 'error' && (
        <div role="alert" className={styles.error}>
          <p>{t('templates.error', { message: state.message })}</p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>{t('templates.retry')}</button>
        </div>
      )}
      {state.kind === 'ready' && state.templates.fallback && <p role="status" className={styles.notice}>{t('templates.offline')}</p>}
      {state.kind === 'ready' && !state.templates.fallback && state.templates.data.length === 0 && <p>{t('templates.empty')}</p>}
      {state.kind === 'ready' && state.templates.data.length > 0 && (
        <ul>
          {state.templates.data.map((template) => (
            <li key={template.id}>
              <strong>{template.title}</strong> ({template.category}): {template.prompt}
            </li>
          ))}
        </ul>
      )}
    </SimplePage>
  );
}
