import { useEffect, useState } from 'react';
import { isPaymentDue, loadCredits, loadSubscription, PLAN_FEATURES, useCredits, useSubscription } from '@reelmint/shared';
import type { GenerationConfig } from '@reelmint/shared';
import type { GenerationQueue } from './queue-choice.tsx';
import { costSummary } from './settings.ts';

/** Reads the balance and plan ahead (the studio's `preload`), so the studio is drawn with them before a move here. */
export async function preloadStudioAccount(): Promise<void> {
  await Promise.all([loadCredits(), loadSubscription()]);
}

/**
 * The person's balance and plan as the studio uses them: read again on each sign-in, the features the settings
 * are checked against, Max's relaxed queue (offered once the server has said the plan includes it) and the cost
 * of a video against the balance.
 */
export function useStudioAccount(token: string | null) {
  const signedIn = !!token;
  // Field by field: reading the same values again (each visit, or a move back here) does not draw the studio again.
  // An anonymous visitor's are stand-ins read without a request (no balance, the free plan) that the studio does not
  // use, so for them the balance, the plan and whether they have been read are not taken: reading them right after
  // the page is taken over does not draw the whole studio again.
  const balance = useCredits((s) => (signedIn ? s.balance : null));
  const creditsStatus = useCredits((s) => (signedIn ? s.status : undefined));
  const creditsFallback = useCredits((s) => s.fallback);
  const plan = useSubscription((s) => (signedIn ? s.subscription : null));
  const planStatus = useSubscription((s) => (signedIn ? s.status : undefined));
  const planFallback = useSubscription((s) => s.fallback);
  const features = plan?.features ?? PLAN_FEATURES.free;
  // A renewal that could not be charged: the plan's paid features are paused, not for sale again.
  const paymentDue = isPaymentDue(plan?.status);
  const relaxedOffered = signedIn && features.unlimitedGenerations && !planFallback;
  const [chosenQueue, setChosenQueue] = useState<GenerationQueue>('priority');
  const relaxed = relaxedOffered && chosenQueue === 'relaxed';

  useEffect(() => {
    void loadCredits();
    void loadSubscription();
  }, [token]);

  /** What a video of these settings costs against the balance; the relaxed queue is always affordable. */
  const estimate = (config: GenerationConfig) => {
    const costed = costSummary(config, signedIn && creditsStatus === 'ready' ? balance : null);
    return relaxed ? { ...costed, enough: true } : costed;
  };

  /** Editing is offered once the plan is known for sure: null until then. */
  const canEdit = signedIn && planStatus === 'ready' && !planFallback ? features.advancedEditing : null;

  /** Reads the balance and plan again after the server could not be reached. */
  const reload = () => {
    void loadCredits({ force: true });
    void loadSubscription({ force: true });
  };

  return {
    features,
    paymentDue,
    relaxedOffered,
    chosenQueue,
    setChosenQueue,
    relaxed,
    estimate,
    canEdit,
    /** The balance or the plan is the stand-in shown while the server cannot be reached. */
    fallback: creditsFallback || planFallback,
    reload,
  };
}
