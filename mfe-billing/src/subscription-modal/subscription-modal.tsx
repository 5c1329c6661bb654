import { useEffect, useRef, useState } from 'react';
import { api, authStore, bus, useLocalizePath } from '@reelmint/shared';
import type { PlanItem, SubscriptionModalRequest } from '@reelmint/shared';
import { useBillingText } from '../i18n.ts';
import { pricingFallbackUrl, startCheckout } from './checkout.ts';
import type { BillingCycle } from './checkout.ts';
import styles from './subscription-modal.module.css';

const MODAL_PLANS = ['pro', 'premium'] as const;
const DEFAULT_PLAN = 'premium';

/**
 * The upsell modal. Mounted once by the shell; any app opens it through the bus
 * (openSubscriptionModal / requestCredits in @reelmint/shared) and gets the result back.
 */
export default function SubscriptionModal() {
  const { t } = useBillingText();
  const localize = useLocalizePath();
  const dialog = useRef<HTMLDialogElement>(null);
  const [request, setRequest] = useState<SubscriptionModalRequest | null>(null);
  const [cycle, setCycle] = useState<BillingCycle>('yearly');
  const [planKey, setPlanKey] = useState<string>(DEFAULT_PLAN);
  const [plans, setPlans] = useState<PlanItem[]>([]);
  const [processing, setProcessing] = useState(false);

  useEffect(() => {
    const onOpen = (next: SubscriptionModalRequest) => {
      setRequest(next);
      setCycle('yearly');
      setPlanKey(DEFAULT_PLAN);
      api.plans().then(({ data }) => setPlans(data.filter((p) => (MODAL_PLANS as readonly string[]).includes(p.key))), () => setPlans([]));
    };
    bus.on('subscription:open', onOpen);
    return () => bus.off('subscription:open', onOpen);
  }, []);

  useEffect(() => {
    const element = dialog.current;
    if (request && element && !element.open) element.showModal();
  }, [request]);

  const finish = (result: { action: 'closed' } | { action: 'continue'; plan: string }) => {
    if (!request) return;
    dialog.current?.close();
    bus.emit('subscription:result', { requestId: request.requestId, ...result });
    setRequest(null);
  };

  const onContinue = async () => {
    if (!authStore.getState().token) {
      finish({ action: 'closed' });
      bus.emit('navigate', { to: '/auth' });
      return;
    }
    setProcessing(true);
    await startCheckout(planKey, cycle, request?.source, pricingFallbackUrl(localize, planKey, request?.source));
    setProcessing(false);
    finish({ action: 'continue', plan: planKey });
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="subscription-modal-title"
      onCancel={(event) => {
        event.preventDefault();
        finish({ action: 'closed' });
      }}
      onClick={(event) => {
        if (event.target === dialog.current) finish({ action: 'closed' });
      }}
    >
      {request && (
        <div className={styles.body}>
          <button type="button" className={styles.close} aria-label={t('modal.close')} onClick={() => finish({ action: 'closed' })}>
            ×
          </button>
          <h2 id="subscription-modal-title" className={styles.title}>{t('modal.title')}</h2>
          {request.needsCredits && <p>{t('modal.needs', request.needsCredits)}</p>}
          <div className={styles.toggle} role="group" aria-label="Billing cycle">
            <button type="button" aria-pressed={cycle === 'monthly'} onClick={() => setCycle('monthly')}>Monthly</button>
            <button type="button" aria-pressed={cycle === 'yearly'} onClick={() => setCycle('yearly')}>
              Yearly<span className={styles.badge}>25% OFF</span>
            </button>
          </div>
          <fieldset className={styles.plans}>
            <legend className="rm-visually-hidden">Plan</legend>
            {plans.map((plan) => (
              <label key={plan.key} className={styles.plan}>
                <input type="radio" name="modal-plan" value={plan.key} checked={planKey === plan.key} onChange={() => setPlanKey(plan.key)} />
                <span className={styles.planName}>
                  {plan.name} {plan.popular && <span className={styles.badge}>{t('modal.popular')}</span>}
                  <br />
                  <small>{t('modal.credits', { count: plan.credits })}</small>
                </span>
                <span className={styles.price}>${cycle === 'yearly' ? plan.yearlyMonthlyPrice ?? plan.price : plan.price}/mo</span>
              </label>
            ))}
          </fieldset>
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={() => window.open(localize('/pricing'), '_blank', 'noopener')}>
              {t('modal.seeAll')}
            </button>
            <button type="button" className={styles.primary} disabled={processing} onClick={() => void onContinue()}>
              {processing ? t('modal.processing') : t('modal.continue')}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
