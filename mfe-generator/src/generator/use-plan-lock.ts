import { useCallback, useState } from 'react';
import { cheapestPlanWith, openSubscriptionModal } from '@reelmint/shared';
import type { FeatureFlag } from '@reelmint/shared';
import type { SettingField } from './settings.ts';

/**
 * A setting outside the person's plan: the refusal is marked beside the setting and the subscription modal opens on
 * the cheapest plan that includes it. Any change of settings clears the mark.
 */
export function usePlanLock() {
  const [refused, setRefused] = useState<{ field: SettingField; feature: FeatureFlag } | null>(null);
  const lock = useCallback((field: SettingField, feature: FeatureFlag) => {
    setRefused({ field, feature });
    void openSubscriptionModal({ source: 'generator', needsPlan: { feature, plan: cheapestPlanWith(feature) } });
  }, []);
  const clear = useCallback(() => setRefused(null), []);
  return { refused, lock, clear };
}
