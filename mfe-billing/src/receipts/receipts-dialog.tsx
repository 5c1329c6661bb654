import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PLAN_NAMES, PLAN_KEYS, useActiveLanguage, useAuth } from '@reelmint/shared';
import type { PlanKey } from '@reelmint/shared';
import { useBillingText } from '../i18n.ts';
import { loadState } from '@reelmint/shared/query-client';
import { billingKeys } from '../server-state/billing-queries.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { formatCreditsTaken, formatDate, formatNumber, formatPrice } from '../ui/format.ts';
import { downloadReceipt } from './receipt-file.ts';
import type { ReceiptText } from './receipt-file.ts';
import { RECEIPTS_PER_PAGE, receiptsApi } from './receipts-api.ts';
import type { Receipt } from './receipts-api.ts';
import styles from './receipts-dialog.module.css';

const planName = (key: string | null) => (key && (PLAN_KEYS as readonly string[]).includes(key) ? PLAN_NAMES[key as PlanKey] : '');

/**
 * Every payment with its receipt (date, what was bought, amount, credits granted and any a move up took back), newest
 * first, a page at a time.
 */
export function ReceiptsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useBillingText();
  const locale = useActiveLanguage();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const session = useAuth((s) => s.token);
  const email = useAuth((s) => s.user?.email ?? null);
  const query = useQuery({ queryKey: billingKeys.receipts(session, page), queryFn: () => receiptsApi.list(page) });
  const state = loadState(query);

  const what = (receipt: Receipt) => {
    const billing = t(receipt.billingCycle === 'yearly' ? 'yourPlan.billedYearly' : 'yourPlan.billedMonthly');
    if (receipt.kind === 'pack') return t('receipts.what.pack', { count: receipt.credits, formatted: formatNumber(receipt.credits, locale) });
    return t(`receipts.what.${receipt.kind}`, { plan: planName(receipt.plan), billing });
  };
  const notesOf = (receipt: Receipt) => [
    ...(receipt.listPrice > receipt.amount ? [t('receipts.prorated', { price: formatPrice(receipt.listPrice, receipt.currency, locale) })] : []),
    ...(receipt.provider === 'local' ? [t('receipts.test')] : []),
  ];
  // The downloadable copy says what the dialog says, in the same words, with the account it was paid from.
  const fileOf = (receipt: Receipt): ReceiptText => ({
    lang: locale,
    title: t('receipts.fileTitle'),
    number: { label: t('receipts.number'), value: receipt.id },
    facts: [
      { label: t('receipts.date'), value: formatDate(receipt.createdAt, locale) },
      { label: t('receipts.item'), value: what(receipt) },
      { label: t('receipts.amount'), value: formatPrice(receipt.amount, receipt.currency, locale) },
      { label: t('receipts.credits'), value: `+${formatNumber(receipt.credits, locale)}` },
      ...(receipt.creditsTakenBack > 0 ? [{ label: t('receipts.creditsTakenBack'), value: formatCreditsTaken(receipt.creditsTakenBack, locale) }] : []),
      ...(email ? [{ label: t('receipts.account'), value: email }] : []),
    ],
    notes: notesOf(receipt),
  });
  const pages = state.kind === 'ready' ? Math.max(1, Math.ceil(state.value.total / RECEIPTS_PER_PAGE)) : 1;

  return (
    <Dialog labelledBy={titleId} onDismiss={onClose} testId="receipts-dialog">
      <div className={styles.body}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {t('receipts.title')}
          </h2>
          <button type="button" className={styles.close} onClick={onClose}>
            {t('modal.close')}
          </button>
        </div>
        {state.kind === 'loading' && <p role="status">{t('receipts.loading')}</p>}
        {state.kind === 'error' && (
          <div role="alert" className={styles.problem}>
            <p>{t('receipts.error')}</p>
            <button type="button" className={styles.close} onClick={() => void query.refetch()}>
              {t('pricing.retry')}
            </button>
          </div>
        )}
        {state.kind === 'ready' && state.value.items.length === 0 && <p data-testid="receipts-empty">{t('receipts.empty')}</p>}
        {state.kind === 'ready' && state.value.items.length > 0 && (
          <ol className={styles.list}>
            {state.value.items.map((receipt) => (
              <li key={receipt.id} className={styles.receipt} data-testid="receipt" data-kind={receipt.kind}>
                <p id={`${titleId}-${receipt.id}`} className={styles.what}>
                  {what(receipt)}
                </p>
                <dl className={styles.facts}>
                  <div>
                    <dt>{t('receipts.date')}</dt>
                    <dd>{formatDate(receipt.createdAt, locale)}</dd>
                  </div>
                  <div>
                    <dt>{t('receipts.amount')}</dt>
                    <dd data-testid="receipt-amount">{formatPrice(receipt.amount, receipt.currency, locale)}</dd>
                  </div>
                  <div>
                    <dt>{t('receipts.credits')}</dt>
                    <dd data-testid="receipt-granted">+{formatNumber(receipt.credits, locale)}</dd>
                  </div>
                  {/* A move up's grant came with the old plan's unused credits taken back: its own line, as in the
                      credits history, so the receipt does not claim more credits than the payment left. */}
                  {receipt.creditsTakenBack > 0 && (
                    <div>
                      <dt>{t('receipts.creditsTakenBack')}</dt>
                      <dd data-testid="receipt-taken-back">{formatCreditsTaken(receipt.creditsTakenBack, locale)}</dd>
                    </div>
                  )}
                  <div className={styles.numberRow}>
                    <dt>{t('receipts.number')}</dt>
                    <dd className={styles.number}>{receipt.id}</dd>
                  </div>
                </dl>
                {notesOf(receipt).map((note) => (
                  <p key={note} className={styles.note}>
                    {note}
                  </p>
                ))}
                <button
                  type="button"
                  className={styles.download}
                  onClick={() => downloadReceipt(fileOf(receipt))}
                  aria-describedby={`${titleId}-${receipt.id}`}
                >
                  {t('receipts.download')}
                </button>
              </li>
            ))}
          </ol>
        )}
        {pages > 1 && (
          <nav className={styles.pager} aria-label={t('receipts.pages')}>
            <button type="button" className={styles.close} disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('history.previous')}
            </button>
            <span>{t('history.pageOf', { page, pages })}</span>
            <button type="button" className={styles.close} disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('history.next')}
            </button>
          </nav>
        )}
      </div>
    </Dialog>
  );
}
