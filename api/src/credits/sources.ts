/** Spends that /credits/refund may return: the ones the client itself made through /deduct. */
export const CLIENT_SPEND_SOURCE = 'deduct';
