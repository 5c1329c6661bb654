import { useEffect, useState } from 'react';
import { api, ApiError } from '@reelmint/shared';
import type { Loaded, PlanItem } from '@reelmint/shared';
import { useBillingText } from '../i18n.ts';
import styles from './pricing-page.module.css';

type State = { kind: 'loading' } | { kind: 'ready'; plans: Loaded<PlanItem[]> } | { kind: 'error'; message: string };

/** /pricing: the server's plan catalogue. */
export default function PricingPage() {
  const { t } = useBillingText();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    api
      .plans()
      .then((plans) => live && setState({ kind: 'ready', plans }))
      .catch((error: unknown) => live && setState({ kind: 'error', message: error instanceof ApiError ? error.message : String(error) }));
    return () => {
      live = false;
    };
  }, [attempt]);

  return (
    <main className={styles.page} data-remote="billing">
      <h1 className={styles.title}>{t('pricing.title')}</h1>
      <p className={styles.lead}>{t('pricing.lead')}</p>
      {state.kind === 'loading' && <p role="status">{t('pricing.loading')}</p>}
      {state.kind === 'error' && (
        <div role="alert" className={styles.error}>
          <p>{t('pricing.error', { message: state.message })}</p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>{t('pricing.retry')}</button>
        </div>
      )}
      {state.kind === 'ready' && (
        <>
          {state.plans.fallback && <p role="status" className={styles.notice}>{t('pricing.offline')}</p>}
          <ul className={styles.grid}>
            {state.plans.data.map((plan) => (
              <li key={plan.id} className={styles.card}>
                <h2>{plan.name}</h2>
                <p className={styles.price}>
                  {plan.currency === 'USD' ? '$' : ''}{plan.price}
                  <small>{t('pricing.perMonth')}</small>
                </p>
                <p>{t('pricing.creditsPerMonth', { count: plan.credits })}</p>
                <p>{plan.description}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}
