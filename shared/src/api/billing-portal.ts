import { useState } from 'react';
import { api } from './endpoints.ts';

/**
 * Opens the payment provider's page where a person mends their card after a renewal failed (Stripe's customer
 * portal, which comes back to /account): `open` goes there, `state` says whether it is on its way or could not be
 * opened, for the button that asks.
 */
export function useBillingPortal() {
  const [state, setState] = useState<'idle' | 'opening' | 'failed'>('idle');
  const open = async () => {
    setState('opening');
    try {
      const { url } = await api.billingPortal();
      window.location.assign(url);
    } catch {
      setState('failed');
    }
  };
  return { state, open };
}
