import { Route, Routes } from 'react-router-dom';
import { openSubscriptionModal } from '@reelmint/shared';
import { mountDevHarness } from '@reelmint/shared/dev-harness';
import '@reelmint/shared/styles.css';
import PricingPage from '../pricing/pricing-page.tsx';
import PaymentSuccessPage from '../payment/payment-success-page.tsx';
import PaymentCancelPage from '../payment/payment-cancel-page.tsx';
import CreditsHistoryPage from '../credits-history/credits-history-page.tsx';
import SubscriptionModal from '../subscription-modal/subscription-modal.tsx';

// Standalone harness: billing's screens without the shell, for the billing team's own dev loop.
void mountDevHarness(
  document.getElementById('root')!,
  <>
    <button type="button" onClick={() => void openSubscriptionModal({ source: 'dev-harness' })}>
      Open subscription modal
    </button>
    <Routes>
      <Route path="/payment/success" element={<PaymentSuccessPage />} />
      <Route path="/payment/cancel" element={<PaymentCancelPage />} />
      <Route path="/credits" element={<CreditsHistoryPage />} />
      <Route path="*" element={<PricingPage />} />
    </Routes>
    <SubscriptionModal />
  </>,
);
