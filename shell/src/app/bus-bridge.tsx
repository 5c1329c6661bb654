import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { bus, useLocalizePath } from '@reelmint/shared';
import type { AppEvents } from '@reelmint/shared';
import { showToast } from '../chrome/toasts.tsx';

/** Carries bus requests that need the shell: navigation (with the language added) and toasts. */
export function BusBridge() {
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const { t } = useTranslation();

  useEffect(() => {
    const onNavigate = ({ to, replace }: { to: string; replace?: boolean }) => navigate(localize(to), { replace: !!replace });
    const onToast = ({ kind, message, key }: AppEvents['toast']) => showToast(kind, key ? t(key, { defaultValue: message }) : message);
    bus.on('navigate', onNavigate);
    bus.on('toast', onToast);
    return () => {
      bus.off('navigate', onNavigate);
      bus.off('toast', onToast);
    };
  }, [navigate, localize, t]);
  return null;
}
