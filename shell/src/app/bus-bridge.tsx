import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { bus, useLocalizePath } from '@reelmint/shared';

/** Carries bus requests that need the shell: navigation (with the language added) and toasts. */
export function BusBridge() {
  const navigate = useNavigate();
  const localize = useLocalizePath();

  useEffect(() => {
    const onNavigate = ({ to, replace }: { to: string; replace?: boolean }) => navigate(localize(to), { replace: !!replace });
    const onToast = ({ kind, message }: { kind: 'info' | 'success' | 'warning' | 'error'; message: string }) => toast[kind](message);
    bus.on('navigate', onNavigate);
    bus.on('toast', onToast);
    return () => {
      bus.off('navigate', onNavigate);
      bus.off('toast', onToast);
    };
  }, [navigate, localize]);
  return null;
}
