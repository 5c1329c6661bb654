import { ApiError, request } from '@reelmint/shared';
import type { CheckoutSessionReply, CreditPack, PackCheckoutRequest } from '@reelmint/shared';
import { CHECKOUT_TIMEOUT_MS } from '../checkout/checkout.ts';

/** `sessionId` names the checkout, so the offer can tell when it has ended in its window. */
export type PackCheckout = { ok: true; checkoutUrl: string; sessionId: string } | { ok: false; network: boolean };

export const packsApi = {
  list: () => request<CreditPack[]>('GET', '/api/credits/packs'),
  async startCheckout(checkout: PackCheckoutRequest): Promise<PackCheckout> {
    try {
      const reply = await request<CheckoutSessionReply>('POST', '/api/payment/create-pack-session', {
        body: checkout,
        signal: AbortSignal.timeout(CHECKOUT_TIMEOUT_MS),
      });
      return { ok: true, checkoutUrl: reply.checkoutUrl, sessionId: reply.sessionId };
    } catch (error) {
      const network =
        (error instanceof ApiError && error.isNetworkError) ||
        (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'));
      return { ok: false, network };
    }
  },
};
