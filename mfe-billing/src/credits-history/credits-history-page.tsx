import { useEffect, useId, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { dateFormat as siteDateFormat, LocalizedLink, PLAN_KEYS, PLAN_NAMES, useActiveLanguage, useAuth, useCredits } from '@reelmint/shared';
import type { PlanKey } from '@reelmint/shared';
import { useBillingText } from '../i18n.ts';
import { loadState } from '@reelmint/shared/query-client';
import { billingKeys, withBillingQueries } from '../server-state/billing-queries.tsx';
import { formatNumber } from '../ui/format.ts';
import { CREDIT_HISTORY_PER_PAGE, creditsApi } from './credits-api.ts';
import type { CreditHistoryItem } from './credits-api.ts';
import styles from './credits-history-page.module.css';

type Translate = ReturnType<typeof useBillingText>['t'];

const isPlanKey = (value: string | null): value is PlanKey => (PLAN_KEYS as readonly string[]).includes(value ?? '');

/** What a row was for, in the page's language. */
export function describeEntry(item: CreditHistoryItem, t: Translate): string {
  const plan = isPlanKey(item.plan) ? PLAN_NAMES[item.plan] : null;
  switch (item.purpose) {
    case 'signup':
      return t('history.purpose.signup');
    case 'plan':
      if (!plan) return t('history.purpose.planUnknown');
      return t(item.billingCycle === 'yearly' ? 'history.purpose.planYearly' : 'history.purpose.planMonthly', { plan });
    case 'renewal':
      return plan ? t('history.purpose.renewal', { plan }) : t('history.purpose.planUnknown');
    case 'generation':
      return item.model && item.resolution && item.duration
        ? t('history.purpose.generation', { model: item.model, resolution: item.resolution, duration: item.duration })
        : t('history.purpose.generationPlain');
    case 'generation-refund':
      return t('history.purpose.generationRefund');
    case 'edit':
      return t('history.purpose.edit');
    case 'edit-refund':
      return t('history.purpose.editRefund');
    case 'pack':
      return t('history.purpose.pack');
    case 'spend':
      return t('history.purpose.spend');
    case 'refund':
      return t('history.purpose.refund');
    case 'plan-change':
      return t('history.purpose.planChange', { plan: plan ?? t('history.purpose.planUnknown') });
    default:
      return t('history.purpose.other');
  }
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * /credits: every grant, spend and refund of the signed-in person, newest first, 20 a page, each
 * with what it was for and the balance after it. The page number lives in the address (?page=).
 */
function CreditsHistoryPage() {
  const { t } = useBillingText();
  const locale = useActiveLanguage();
  const session = useAuth((s) => s.token);
  const signedIn = session !== null;
  const balance = useCredits((s) => s.balance);
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const headingId = useId();
  const tableTop = useRef<HTMLTableElement>(null);

  // One entry per page and sign-in; a page seen before is drawn from the cache while it is read again.
  const query = useQuery({ queryKey: billingKeys.creditHistory(session, page), queryFn: () => creditsApi.history(page), enabled: signedIn });
  const state = loadState(query);

  const pages = state.kind === 'ready' ? Math.max(1, Math.ceil(state.value.total / CREDIT_HISTORY_PER_PAGE)) : 1;
  const goTo = (next: number) => {
    const query = new URLSearchParams(params);
    if (next === 1) query.delete('page');
    else query.set('page', String(next));
    setParams(query);
  };
  const shownPage = state.kind === 'ready' ? state.value.page : null;
  useEffect(() => {
    // After Next/Previous the list changed under the buttons: bring its top into view for the eye.
    if (shownPage !== null && shownPage > 1) tableTop.current?.scrollIntoView?.({ block: 'start' });
  }, [shownPage]);

  const dateFormat = siteDateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const signed = new Intl.NumberFormat(locale, { signDisplay: 'always' });

  return (
    <main className={styles.page} data-remote="billing" aria-labelledby={headingId}>
      <header className={styles.hero}>
        <h1 id={headingId} className={styles.title}>
          {t('history.title')}
        </h1>
        <p className={styles.lead}>{t('history.lead')}</p>
        {signedIn && balance !== null && (
          <p className={styles.balance} data-testid="history-balance">
            {t('history.balance', { count: balance, formatted: formatNumber(balance, locale) })}
          </p>
        )}
      </header>

      {!signedIn && (
        <div className={styles.notice} data-testid="history-signed-out">
          <p>{t('history.signedOut')}</p>
          <LocalizedLink className={styles.button} to={`/auth?${new URLSearchParams({ returnTo: '/credits' }).toString()}`}>
            {t('history.signIn')}
          </LocalizedLink>
        </div>
      )}

      {signedIn && state.kind === 'loading' && (
        <div className={styles.skeleton} aria-busy="true">
          <span role="status" className="rm-visually-hidden">
            {t('history.loading')}
          </span>
        </div>
      )}
      {signedIn && state.kind === 'error' && (
        <div role="alert" className={styles.notice}>
          <p>{t('history.error')}</p>
          <button type="button" className={styles.button} onClick={() => void query.refetch()}>
            {t('pricing.retry')}
          </button>
        </div>
      )}
      {signedIn && state.kind === 'ready' && state.value.items.length === 0 && (
        <p className={styles.notice} data-testid="history-empty">
          {t('history.empty')}
        </p>
      )}
      {signedIn && state.kind === 'ready' && state.value.items.length > 0 && (
        <>
          <table ref={tableTop} className={styles.table} data-testid="credit-history">
            <caption className="rm-visually-hidden">{t('history.caption', { page: state.value.page, pages })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('history.date')}</th>
                <th scope="col">{t('history.what')}</th>
                <th scope="col" className={styles.number}>
                  {t('history.change')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('history.after')}
                </th>
              </tr>
            </thead>
            <tbody>
              {state.value.items.map((item) => (
                <tr key={item.id} data-kind={item.kind} data-purpose={item.purpose} data-testid="credit-entry">
                  <td data-label={t('history.date')}>
                    <time dateTime={item.createdAt}>{dateFormat.format(new Date(item.createdAt))}</time>
                  </td>
                  <td data-label={t('history.what')}>{describeEntry(item, t)}</td>
                  <td data-label={t('history.change')} className={styles.number} data-sign={item.amount < 0 ? 'minus' : 'plus'} data-testid="credit-change">
                    {signed.format(item.amount)}
                  </td>
                  <td data-label={t('history.after')} className={styles.number}>
                    {formatNumber(item.balanceAfter, locale)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 && (
            <nav className={styles.pager} aria-label={t('history.pages')}>
              <button type="button" className={styles.button} disabled={page <= 1} onClick={() => goTo(page - 1)}>
                {t('history.previous')}
              </button>
              <span data-testid="history-page">{t('history.pageOf', { page: state.value.page, pages })}</span>
              <button type="button" className={styles.button} disabled={page >= pages} onClick={() => goTo(page + 1)}>
                {t('history.next')}
              </button>
            </nav>
          )}
        </>
      )}
      {signedIn && (
        <p className={styles.footer}>
          <LocalizedLink to="/pricing">{t('history.toPricing')}</LocalizedLink>
        </p>
      )}
    </main>
  );
}

export default withBillingQueries(CreditsHistoryPage);
