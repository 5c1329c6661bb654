import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@reelmint/shared';
import { dashboardApi } from './dashboard-api.ts';
import type { ActionReply, ActionRequest, ReleaseAction, RemoteOverview } from './dashboard-api.ts';
import styles from './dashboard.module.css';

type Outcome = { kind: 'done'; reply: ActionReply } | { kind: 'refused'; message: string };

const DEFAULT_GUARD = { minVisits: 50, errorMargin: 5, p75Margin: 25, stepMinutes: 10 };

/**
 * The shares a guarded canary widens to while healthy, typed as "25, 50, 100": empty for none, null when they
 * are not rising shares above the canary's own and at most 100.
 */
export function parseSteps(text: string, percent: number): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const steps = parts.map(Number);
  const rising = steps.every((step, index) => Number.isFinite(step) && step > (index === 0 ? percent : steps[index - 1]!) && step <= 100);
  return rising && steps.length <= 10 ? steps : null;
}

/** The sentence that asks for confirmation of one change, in the page's language. */
function confirmation(t: (key: string, values?: Record<string, unknown>) => string, remote: RemoteOverview, change: ActionRequest): string {
  switch (change.action) {
    case 'promote':
      return t('dashboard.form.confirmPromote', { remote: remote.name, version: change.version });
    case 'rollback':
      // A canary of another version goes on after a rollback (one of the version rolled back to ends): not everyone.
      return remote.canary && remote.canary.version !== remote.rollbackTo
        ? t('dashboard.form.confirmRollbackKeepsCanary', {
            remote: remote.name,
            version: remote.rollbackTo,
            canary: remote.canary.version,
            percent: remote.canary.percent,
          })
        : t('dashboard.form.confirmRollback', { remote: remote.name, version: remote.rollbackTo });
    case 'canary':
      return t('dashboard.form.confirmCanary', { remote: remote.name, version: change.version, percent: change.percent });
    case 'canary-off':
      return t('dashboard.form.confirmCanaryOff', { remote: remote.name, version: remote.live });
  }
}

/**
 * Promote, roll back, start or widen a canary, or stop it, for one remote: the form asks for a reason,
 * then shows what will happen and waits for a confirmation before anything changes.
 */
export function ActionPanel({ remote, onChanged }: { remote: RemoteOverview; onChanged: () => void }) {
  const { t } = useTranslation();
  const ids = {
    action: useId(),
    version: useId(),
    percent: useId(),
    guard: useId(),
    minVisits: useId(),
    errorMargin: useId(),
    p75Margin: useId(),
    steps: useId(),
    stepMinutes: useId(),
    reason: useId(),
    problem: useId(),
  };
  const canaryVersions = remote.published.map((release) => release.version).filter((version) => version !== remote.live);
  const promoteVersions = ['local', ...remote.published.map((release) => release.version)].filter((version) => version !== remote.live);
  const actions: ReleaseAction[] = [
    // Serving its local build with nothing published, a remote has nothing to promote.
    ...(promoteVersions.length > 0 ? (['promote'] as const) : []),
    ...(remote.rollbackTo ? (['rollback'] as const) : []),
    ...(remote.live && canaryVersions.length > 0 ? (['canary'] as const) : []),
    ...(remote.canary ? (['canary-off'] as const) : []),
  ];
  const [picked, setAction] = useState<ReleaseAction>('promote');
  // After a change (or someone else's) the picked action may no longer apply: the canary has stopped.
  const action = actions.includes(picked) ? picked : (actions[0] ?? 'promote');
  const [pending, setPending] = useState<ActionRequest | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [guarded, setGuarded] = useState(true);
  // What was typed as the reason, kept when the confirmation is cancelled and the form comes back.
  const [reasonDraft, setReasonDraft] = useState('');
  // Each step replaces the part the focus was in (the form, the confirmation): the focus goes to what replaced it.
  const confirmBox = useRef<HTMLDivElement>(null);
  const reviewButton = useRef<HTMLButtonElement>(null);
  const outcomeBox = useRef<HTMLDivElement>(null);
  const focusNext = useRef<'confirm' | 'review' | 'outcome' | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    focusNext.current = null;
    ({ confirm: confirmBox, review: reviewButton, outcome: outcomeBox })[next].current?.focus();
  });

  const review = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = String(form.get('reason') ?? '').trim();
    if (reason.length < 3) {
      setProblem(t('dashboard.form.reasonRequired'));
      return;
    }
    const change: ActionRequest = { remote: remote.name, action, reason };
    if (action === 'promote' || action === 'canary') change.version = String(form.get('version') ?? '');
    if (action === 'canary') {
      change.percent = Number(form.get('percent'));
      if (guarded) {
        change.guard = { minVisits: Number(form.get('minVisits')), errorMargin: Number(form.get('errorMargin')), p75Margin: Number(form.get('p75Margin')) };
        const steps = parseSteps(String(form.get('steps') ?? ''), change.percent);
        if (steps === null) {
          setProblem(t('dashboard.form.stepsInvalid', { percent: change.percent }));
          return;
        }
        if (steps.length > 0) change.guard = { ...change.guard, steps, stepMinutes: Number(form.get('stepMinutes')) };
      }
    }
    setProblem(null);
    setOutcome(null);
    setReasonDraft(reason);
    focusNext.current = 'confirm';
    setPending(change);
  };

  const cancel = () => {
    focusNext.current = 'review';
    setPending(null);
  };
  // Escape cancels the confirmation, as it closes a dialog (not while the change is being made).
  const cancelOnEscape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) cancel();
  });
  const confirming = pending !== null;
  useEffect(() => {
    const box = confirmBox.current;
    if (!confirming || !box) return;
    const listener = (event: KeyboardEvent) => cancelOnEscape(event);
    box.addEventListener('keydown', listener);
    return () => box.removeEventListener('keydown', listener);
  }, [confirming]);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const reply = await dashboardApi.act(pending);
      setOutcome({ kind: 'done', reply });
      setReasonDraft('');
      focusNext.current = 'outcome';
      setPending(null);
      onChanged();
    } catch (failure) {
      const message = failure instanceof ApiError && !failure.isNetworkError ? failure.message : t('dashboard.loadError');
      setOutcome({ kind: 'refused', message });
      focusNext.current = 'outcome';
      setPending(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.actions}>
      {actions.length === 0 ? (
        <p className={styles.muted} data-testid="release-nothing">
          {t('dashboard.form.nothingToChange')}
        </p>
      ) : pending ? (
        <div
          ref={confirmBox}
          tabIndex={-1}
          className={styles.confirm}
          role="alertdialog"
          aria-labelledby={`${ids.action}-confirm`}
          data-testid="release-confirm"
        >
          <p id={`${ids.action}-confirm`} className={styles.confirmText}>
            {confirmation(t, remote, pending)}
          </p>
          <p className={styles.muted}>{t('dashboard.form.reasonShown', { reason: pending.reason })}</p>
          <div className={styles.buttons}>
            <button type="button" className={styles.primary} disabled={busy} onClick={() => void confirm()}>
              {busy ? t('dashboard.form.working') : t('dashboard.form.confirm')}
            </button>
            <button type="button" className={styles.secondary} disabled={busy} onClick={cancel}>
              {t('dashboard.form.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <form className={styles.form} onSubmit={review} aria-describedby={problem ? ids.problem : undefined}>
          <div className={`${styles.field} ${styles.actionField}`}>
            <label htmlFor={ids.action}>{t('dashboard.form.action')}</label>
            <select id={ids.action} value={action} onChange={(event) => setAction(event.target.value as ReleaseAction)}>
              {actions.map((name) => (
                <option key={name} value={name}>
                  {t(`dashboard.form.actions.${name}`)}
                </option>
              ))}
            </select>
          </div>
          {(action === 'promote' || action === 'canary') && (
            <div className={styles.field}>
              <label htmlFor={ids.version}>{t('dashboard.form.version')}</label>
              <select id={ids.version} name="version" required defaultValue={remote.canary?.version}>
                {(action === 'promote' ? promoteVersions : canaryVersions).map((version) => (
                  <option key={version} value={version}>
                    {version}
                  </option>
                ))}
              </select>
            </div>
          )}
          {action === 'canary' && (
            <>
              <div className={styles.field}>
                <label htmlFor={ids.percent}>{t('dashboard.form.percent')}</label>
                <input id={ids.percent} name="percent" type="number" min={1} max={99} step={1} required defaultValue={remote.canary?.percent ?? 10} />
              </div>
              <div className={styles.check}>
                <input id={ids.guard} type="checkbox" checked={guarded} onChange={(event) => setGuarded(event.target.checked)} />
                <label htmlFor={ids.guard}>{t('dashboard.form.guard')}</label>
              </div>
              {guarded && (
                <div className={styles.guardFields}>
                  <div className={styles.field}>
                    <label htmlFor={ids.minVisits}>{t('dashboard.form.minVisits')}</label>
                    <input id={ids.minVisits} name="minVisits" type="number" min={1} step={1} required defaultValue={DEFAULT_GUARD.minVisits} />
                  </div>
                  <div className={styles.field}>
                    <label htmlFor={ids.errorMargin}>{t('dashboard.form.errorMargin')}</label>
                    <input
                      id={ids.errorMargin}
                      name="errorMargin"
                      type="number"
                      min={0}
                      max={100}
                      step="any"
                      required
                      defaultValue={DEFAULT_GUARD.errorMargin}
                    />
                  </div>
                  <div className={styles.field}>
                    <label htmlFor={ids.p75Margin}>{t('dashboard.form.p75Margin')}</label>
                    <input id={ids.p75Margin} name="p75Margin" type="number" min={0} max={1000} step="any" required defaultValue={DEFAULT_GUARD.p75Margin} />
                  </div>
                  <div className={styles.field}>
                    <label htmlFor={ids.steps}>{t('dashboard.form.steps')}</label>
                    <input id={ids.steps} name="steps" type="text" inputMode="decimal" autoComplete="off" placeholder="25, 50, 100" />
                  </div>
                  <div className={styles.field}>
                    <label htmlFor={ids.stepMinutes}>{t('dashboard.form.stepMinutes')}</label>
                    <input
                      id={ids.stepMinutes}
                      name="stepMinutes"
                      type="number"
                      min={0}
                      max={10080}
                      step="any"
                      required
                      defaultValue={DEFAULT_GUARD.stepMinutes}
                    />
                  </div>
                </div>
              )}
            </>
          )}
          <div className={styles.field}>
            <label htmlFor={ids.reason}>{t('dashboard.form.reason')}</label>
            <textarea id={ids.reason} name="reason" rows={2} maxLength={500} required defaultValue={reasonDraft} />
          </div>
          {problem && (
            <p id={ids.problem} className={styles.problem} role="alert">
              {problem}
            </p>
          )}
          <button ref={reviewButton} type="submit" className={styles.primary}>
            {t('dashboard.form.review')}
          </button>
        </form>
      )}
      {outcome && (
        <div
          ref={outcomeBox}
          tabIndex={-1}
          className={outcome.kind === 'done' && outcome.reply.smoke !== 'failed' ? styles.ok : styles.warn}
          role="status"
          data-testid="release-outcome"
        >
          <p>
            {outcome.kind === 'refused'
              ? t('dashboard.form.refused')
              : t(`dashboard.form.smoke.${outcome.reply.smoke === 'not-run' ? 'notRun' : outcome.reply.smoke}`)}
          </p>
          <details>
            <summary>{t('dashboard.form.output')}</summary>
            <pre className={styles.output}>{outcome.kind === 'refused' ? outcome.message : outcome.reply.output}</pre>
          </details>
        </div>
      )}
    </div>
  );
}
