import { useEffect, useEffectEvent } from 'react';
import { notify } from '@reelmint/shared';
import { lazyModule } from '@reelmint/shared/lazy-module';
import { useGeneratorText } from '../i18n.ts';
// Types only: erased from the build, so the module itself is fetched by the dynamic import below alone.
import type * as PanelModule from './confirm-panel.lazy.tsx';
import type { ConfirmProps } from './confirm-panel.lazy.tsx';

// The question and Radix's dialog under it arrive with the first question asked, not with the page: a `.lazy.tsx`
// module stays out of the remote's screens chunk (remoteBuildOptions), so the generator's first load carries none of it.
const panelModule = lazyModule<typeof PanelModule>(() => import('./confirm-panel.lazy.tsx'));

/**
 * Asks a question in a modal dialog. Nothing is drawn until its code has arrived (the first question only); if it
 * cannot be fetched the person is told and the question counts as answered no.
 */
export function ConfirmDialog(props: ConfirmProps) {
  const { t } = useGeneratorText();
  const panel = panelModule.useLoaded();
  const failed = useEffectEvent(() => {
    notify('error', t('dialog.loadFailed'));
    props.onCancel();
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
  const { default: ConfirmPanel } = panel;
  return <ConfirmPanel {...props} />;
}
