import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';

const BELOW_HEADER = { top: 'calc(var(--rm-header-height) + 12px)' };

/**
 * The toasts' region as the site sets it up, fetched with sonner when the first toast is raised (toasts.tsx): below
 * the header, never over its balance, account menu or reminder, and its region and close buttons named in the page's
 * language (sonner's own names are English).
 */
export default function SiteToaster() {
  const { t } = useTranslation();
  return (
    <Toaster
      position="top-right"
      duration={4000}
      visibleToasts={3}
      richColors
      closeButton
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER}
      containerAriaLabel={t('toasts.region')}
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
    />
  );
}
