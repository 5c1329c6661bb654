import { useCallback, useState } from 'react';
import { cheapestPlanWith, openSubscriptionModal } from '@reelmint/shared';
import type { FeatureFlag, PlanFeatures } from '@reelmint/shared';
import type { SettingField } from './settings.ts';

/**
 * A setting outside the person's plan: the refusal is marked beside the setting and the subscription modal opens on
 * the cheapest plan that includes it. While a renewal is unpaid (`paymentDue`) the plan's own features are paused,
 * not for sale: the mark says so and no modal opens. Any change of settings clears the mark, and so does the plan
 * coming to include the feature (an upgrade paid in the checkout's window) or the renewal being paid.
 */
export function usePlanLock(paymentDue: boolean, features: PlanFeatures) {
  const [refused, setRefused] = useState<{ field: SettingField; feature: FeatureFlag; paused: boolean } | null>(null);
  const lock = useCallback(
    (field: SettingField, feature: FeatureFlag) => {
      setRefused({ field, feature, paused: paymentDue });
      if (!paymentDue) void openSubscriptionModal({ source: 'generator', needsPlan: { feature, plan: cheapestPlanWith(feature) } });
    },
    [paymentDue],
  );
  const clear = useCallback(() => setRefused(null), []);
  const stillRefused = refused !== null && (refused.paused ? paymentDue : !features[refused.feature]);
  return { refused: stillRefused ? refused : null, lock, clear };
}
