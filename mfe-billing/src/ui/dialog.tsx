import { useEffect, useEffectEvent } from 'react';
import type { ReactNode } from 'react';
import { notify } from '@reelmint/shared';
import { lazyModule } from '@reelmint/shared/lazy-module';
import { useBillingText } from '../i18n.ts';
import styles from './dialog.module.css';
// Types only: erased from the build, so the module itself is still fetched by the dynamic import below alone.
import type * as PanelModule from './modal-panel.lazy.tsx';

type Panel = typeof PanelModule;

// The modal and Radix under it arrive with the first dialog a person opens, not with the page: a `.lazy.tsx`
// module stays out of the remote's screens chunk (remoteBuildOptions), so pricing's first load carries none of it.
const panelModule = lazyModule<Panel>(() => import('./modal-panel.lazy.tsx'));

interface DialogProps {
  labelledBy: string;
  describedBy?: string | undefined;
  /** Backdrop click, Escape and the close button all call this. */
  onDismiss: () => void;
  /** Where focus starts; the first focusable element when absent. */
  initialFocus?: string | undefined;
  /** 'sheet' becomes a bottom sheet on narrow screens; 'alert' stays centred and small. */
  variant?: 'sheet' | 'alert';
  role?: 'dialog' | 'alertdialog';
  testId?: string;
  children: ReactNode;
}

/**
 * A modal dialog over the page: focus moved in on open, kept in while open and returned to where it was on
 * close; Escape and a click on the backdrop dismiss it. Nothing is drawn until the modal's code has arrived
 * (the first opening only); if it cannot be fetched the person is told and the dialog counts as dismissed.
 */
export function Dialog({ variant = 'sheet', role = 'dialog', ...props }: DialogProps) {
  const { t } = useBillingText();
  const panel = panelModule.useLoaded();
  const failed = useEffectEvent(() => {
    notify('error', t('dialog.loadFailed'));
    props.onDismiss();
  });
  useEffect(() => {
    let live = true;
    panelModule.load().catch(() => {
      if (live) failed();
    });
    return () => {
      live = false;
    };
  }, []);

  if (!panel) return null;
  const { default: ModalPanel } = panel;
  return <ModalPanel {...props} variant={variant} role={role} classNames={{ backdrop: styles.backdrop, panel: styles.panel }} />;
}
