import type { ExposedModule } from '@reelmint/contract/screens';
import { startTransition, Suspense, useContext, useEffect, useEffectEvent, useState } from 'react';
import type { ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { telemetry } from '../release/telemetry.ts';
import { loadExposed, RemoteLoadError } from './loader.ts';
import type { RemoteName } from './pointer.ts';
import { drawnRegion, forgetDrawnRegion, ScreenModules } from './screen-modules.ts';
import styles from './remote-region.module.css';

type State = { kind: 'loading' } | { kind: 'ready'; Screen: ComponentType } | { kind: 'failed'; error: Error };

interface Props {
  remote: RemoteName;
  /** The exposed module, e.g. './PricingPage'. */
  module: ExposedModule;
  /** Slots such as the modal render nothing while loading or failed. */
  quiet?: boolean;
  /** Called once the remote's component has mounted (after its own effects ran). */
  onReady?: () => void;
  /** Called when the remote could not be loaded. */
  onFailed?: (error: Error) => void;
}

/**
 * Loads already counted for the release figures. Regions that ask for the same module share one load (loader.ts): it
 * is one visit, counted once, also when the region that started it is gone (the visitor moved on while it hung).
 */
const counted = new WeakSet<Promise<unknown>>();
const firstToCount = (load: Promise<unknown>) => !counted.has(load) && !!counted.add(load);

function AfterMount({ run }: { run?: (() => void) | undefined }) {
  useEffect(() => {
    run?.();
  }, [run]);
  return null;
}

/**
 * One region of the page owned by a remote: loads it at runtime with a timeout, shows the outline of
 * a screen meanwhile, and on failure a fallback with a retry that needs no page reload. The page's own region, when
 * the page was taken over before its code came (main.tsx), keeps what the server drew meanwhile instead, and on
 * failure says above it that this part is unavailable.
 */
export function RemoteRegion({ remote, module, quiet = false, onReady, onFailed }: Props) {
  const lookup = useContext(ScreenModules);
  // Read while hydrating, so the region is taken over exactly as drawn.
  const [drawn] = useState(() => drawnRegion(remote, module));
  const [state, setState] = useState<State>(() => {
    const Screen = drawn === undefined && lookup(remote, module);
    return Screen ? { kind: 'ready', Screen } : { kind: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  // A notification, not an input: a new callback must not reload the remote.
  const notifyFailed = useEffectEvent((error: Error) => onFailed?.(error));

  useEffect(() => {
    let live = true;
    if (drawn !== undefined) forgetDrawnRegion();
    // The drawn region waits for the load the page started: its code is not in yet.
    const Screen = drawn === undefined && lookup(remote, module);
    if (Screen) {
      // Already in (the page's own screen, or one warmed while idle): keep drawing it, no loading frame.
      setState((current) => (current.kind === 'ready' && current.Screen === Screen ? current : { kind: 'ready', Screen }));
      return;
    }
    setState({ kind: 'loading' });
    const started = performance.now();
    const loading = loadExposed(remote, module);
    loading.then(
      (loaded) => {
        if (firstToCount(loading)) telemetry.record(remote, 'load', { ms: performance.now() - started });
        // A transition: the drawn region stays on screen until the screen is ready to replace it.
        if (live) startTransition(() => setState({ kind: 'ready', Screen: loaded.default }));
      },
      (error: Error) => {
        console.warn(error.message);
        if (firstToCount(loading)) telemetry.record(remote, 'load-error', { detail: error instanceof RemoteLoadError ? error.reason : error.name });
        if (!live) return;
        setState({ kind: 'failed', error });
        notifyFailed(error);
      },
    );
    return () => {
      live = false;
    };
  }, [lookup, remote, module, attempt, drawn]);

  // After a failed load, the next one starts afresh (loader.ts).
  const retry = () => setAttempt((n) => n + 1);

  if (quiet && state.kind !== 'ready') return null;
  if (drawn === undefined && state.kind === 'loading') return <RegionLoading />;
  if (drawn === undefined && state.kind === 'failed') return <RegionFallback remote={remote} cause="load" onRetry={retry} />;
  const Screen = state.kind === 'ready' ? state.Screen : null;
  return (
    <>
      {state.kind === 'failed' && <RegionFallback remote={remote} cause="load" onRetry={retry} drawn />}
      {/* A remote's render error stays in its region: the rest of the page keeps working, and the release telemetry
          counts it against the remote's version. */}
      <ErrorBoundary
        onError={(error, info) => {
          console.warn('A remote region failed to render', error, info.componentStack);
          telemetry.record(remote, 'render-error', { detail: error instanceof Error ? error.name : typeof error });
        }}
        fallbackRender={({ resetErrorBoundary }) => (quiet ? null : <RegionFallback remote={remote} cause="render" onRetry={resetErrorBoundary} />)}
      >
        <Suspense fallback={quiet ? null : <RegionLoading />}>
          {Screen ? (
            <div key="screen" data-remote-region={remote} className={styles.region}>
              <Screen />
            </div>
          ) : (
            // What the server drew, as it is: React takes it over without drawing it (its links work as plain links).
            <div key="drawn" data-remote-region={remote} className={styles.region} dangerouslySetInnerHTML={{ __html: drawn ?? '' }} />
          )}
          <AfterMount run={Screen ? onReady : undefined} />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}

/**
 * What a region shows while its remote loads: the outline of a screen, as tall as the viewport, so the
 * footer stays below the fold and nothing on screen moves when the real screen replaces it.
 */
export function RegionLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status" data-testid="region-loading">
      <span className={styles.loadingText}>{t('region.loading')}</span>
      <div className={styles.skeleton} aria-hidden="true">
        <span className={styles.skeletonTitle} />
        <span className={styles.skeletonLine} />
        <span className={styles.skeletonLineShort} />
        <span className={styles.skeletonCards}>
          <span />
          <span />
          <span />
        </span>
      </div>
    </div>
  );
}

function RegionFallback({ remote, cause, onRetry, drawn = false }: { remote: RemoteName; cause: 'load' | 'render'; onRetry: () => void; drawn?: boolean }) {
  const { t } = useTranslation();
  useEffect(() => {
    telemetry.record(remote, 'fallback', { detail: cause });
  }, [remote, cause]);
  // Above the drawn region, the page's heading stays the page's own.
  const Title = drawn ? 'p' : 'h1';
  return (
    <section className={drawn ? `${styles.fallback} ${styles.aboveDrawn}` : styles.fallback} role="alert" data-testid="remote-fallback" data-remote={remote}>
      <Title className={styles.fallbackTitle}>{t('region.unavailableTitle')}</Title>
      <p>{t('region.unavailableBody')}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {t('region.retry')}
      </button>
    </section>
  );
}
