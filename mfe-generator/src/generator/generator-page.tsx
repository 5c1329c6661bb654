import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { bus, cheapestPlanWith, notify, openSubscriptionModal, requestCredits, useAuth, useLocalizePath } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import { AdvancedSettings } from './advanced-settings.tsx';
import { ControlsSlot } from './controls-slot.tsx';
import { CreditsPanel } from './credits-panel.tsx';
import { DeleteVideoDialog } from './delete-video-dialog.tsx';
import { loadDraft } from './draft.ts';
import { GenerateButton } from './generate-button.tsx';
import type { ControlFields } from './generate-request.ts';
import { HistoryPanel } from './history-panel.tsx';
import { ImageDrop } from './image-drop.tsx';
import { modeFromPath, pathForMode } from './mode.ts';
import type { GeneratorMode } from './mode.ts';
import { ModeTabs } from './mode-tabs.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { lazySlot } from './lazy-slot.tsx';
import type { PromptEnhancerProps } from './prompt-enhancer.lazy.tsx';
import { PromptField } from './prompt-field.tsx';
import { QueuePart } from './queue-parts.tsx';
import { QueueChoice } from './queue-choice.tsx';
import { ResultPanel } from './result-panel.tsx';
import { DEFAULT_CONFIG } from './settings.ts';
import { SettingsPanel } from './settings-panel.tsx';
import { StudioFieldset } from './studio-fieldset.tsx';
import { StudioIntro } from './studio-intro.tsx';
import { TemplateChip } from './template-chip.tsx';
import { useDeleteVideo } from './use-delete-video.ts';
import { useGenerate } from './use-generate.ts';
import { useGeneration } from './use-generation.ts';
import { usePagedHistory } from './use-history.ts';
import { usePicture } from './use-picture.ts';
import { usePlanLock } from './use-plan-lock.ts';
import { useSignInRedirect } from './use-sign-in-redirect.ts';
import { useStage } from './use-stage.ts';
import { preloadStudioAccount, useStudioAccount } from './use-studio-account.ts';
import { useStudioDraft } from './use-studio-draft.ts';
import { useUrlPrefill } from './use-url-prefill.ts';
import { useVideoDownload } from './use-video-download.ts';
import { preloadVideoEngine, useVideoEngine } from './use-video-engine.ts';
import { withGeneratorQueries } from '../server-state/generator-queries.tsx';
import styles from './studio.module.css';

// The prompt enhancer comes after the studio is drawn, with its own strings: the first load carries none of it.
const PromptEnhancer = lazySlot<PromptEnhancerProps>(() => import('./prompt-enhancer.lazy.tsx'));

/**
 * Whether the browser may take over the studio the shell's server drew (the same, empty form for everybody): not when
 * this tab keeps a draft that differs from it, which the studio opens with instead.
 */
export function canTakeOver(): boolean {
  const draft = loadDraft();
  if (!draft) return true;
  const { model, resolution, duration, aspectRatio = '16:9' } = draft.config;
  const sameSettings =
    model === DEFAULT_CONFIG.model &&
    resolution === DEFAULT_CONFIG.resolution &&
    duration === DEFAULT_CONFIG.duration &&
    aspectRatio === DEFAULT_CONFIG.aspectRatio;
  return sameSettings && !draft.prompt && !draft.negativePrompt && !draft.seed && !draft.templateId && !draft.image;
}

/** /text-to-video/generator, /image-to-video/generator and /generator: one studio, two modes. */
function GeneratorPage() {
  const { t } = useGeneratorText();
  const location = useLocation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const token = useAuth((s) => s.token);
  const signedIn = !!token;
  const mode = modeFromPath(location.pathname);
  const ids = {
    prompt: useId(),
    counter: useId(),
    promptHint: useId(),
    promptProblem: useId(),
    panel: useId(),
    result: useId(),
    history: useId(),
    seed: useId(),
  };
  const promptRef = useRef<HTMLTextAreaElement>(null);

  const goToSignIn = useSignInRedirect();
  const draft = useStudioDraft();
  const picture = usePicture({ saved: draft.savedImage, signedIn, onSignInNeeded: () => goToSignIn(true) });
  const notice = useUrlPrefill(draft.fill);
  const account = useStudioAccount(token);
  const planLock = usePlanLock(account.paymentDue, account.features);
  const history = usePagedHistory(signedIn);
  const engine = useVideoEngine();
  const generation = useGeneration(history.reload);
  const stage = useStage({ generation, reloadHistory: history.reload });
  const { job, busy } = stage;
  // The shell is told which video the stage follows: it tells of that video's end here, not with a toast over it.
  const staged = job.jobId ?? job.video?.id ?? null;
  useEffect(() => {
    bus.emit('studio:stage', { id: staged });
  }, [staged]);
  useEffect(() => () => bus.emit('studio:stage', { id: null }), []);
  // What the controls panel asks for, already fitted to the mode and model (a control the model lacks is never sent).
  const [controls, setControls] = useState<ControlFields>({});
  // Sound is priced by the shared formula, so the cost shown is the one charged.
  const priced = controls.audio ? { ...draft.config, audio: true } : draft.config;
  const summary = account.estimate(priced);
  const chosenVariations = draft.variations;
  // The relaxed queue makes one video a run.
  const variations = account.relaxed ? 1 : chosenVariations;
  const runCost = summary.cost * variations;
  const generate = useGenerate({
    mode,
    signedIn,
    draft,
    picture,
    features: account.features,
    relaxed: account.relaxed,
    variations,
    shownCost: runCost,
    config: priced,
    controls,
    start: generation.start,
    lock: planLock.lock,
    goToSignIn,
    // Generate is disabled while the job runs: its progress takes the focus (and is scrolled to on one column, where
    // the stage is below the form).
    onStarted: stage.jobStarted,
    promptRef,
    seedId: ids.seed,
  });
  const download = useVideoDownload();
  const deletion = useDeleteVideo((video) => {
    stage.deleted(video);
    history.remove(video.id);
    history.reload();
  });

  const switchMode = (next: GeneratorMode) => {
    generate.clearFormError();
    navigate(localize(pathForMode(next)));
  };

  // The history says in its own place when it cannot be read; this notice is for the balance and plan.
  const offline = signedIn && account.fallback;
  const waitingForPicture = mode === 'image' && picture.image?.status === 'uploading';
  const startGeneration = () => {
    if (!busy && !waitingForPicture) void generate.generate();
  };

  return (
    <main className={styles.page} data-remote="generator">
      <div className={styles.inner}>
        <StudioIntro engine={engine} />

        {offline && <OfflineNotice onRetry={account.reload} />}

        {/* Kept invisible until the engine is known: a preview notice appearing above a studio already on
            screen would push it down under the visitor's eyes. */}
        <StudioFieldset waiting={engine === undefined}>
          <section className={styles.composer} aria-label={t('composerLabel')}>
            <ModeTabs
              mode={mode}
              label={t('modes.label')}
              names={{ text: t('modes.text'), image: t('modes.image') }}
              panelId={ids.panel}
              onChange={switchMode}
            />
            <div id={ids.panel} role="tabpanel" aria-labelledby={`${ids.panel}-tab-${mode}`} className={styles.inputs}>
              {notice && (
                <p className={styles.notice} role="status">
                  {notice}
                </p>
              )}
              {draft.template && mode === 'text' && <TemplateChip template={draft.template} onClear={() => draft.setTemplate(null)} />}
              {mode === 'image' && (
                <ImageDrop
                  image={picture.image}
                  problem={picture.problem}
                  signedIn={signedIn}
                  onFile={(file) => {
                    if (picture.choose(file)) generate.clearFormError();
                  }}
                  onRemove={picture.remove}
                  onRetry={picture.retry}
                />
              )}
              <PromptField
                mode={mode}
                value={draft.prompt}
                problem={generate.promptProblem}
                ids={ids}
                textareaRef={promptRef}
                onGenerateShortcut={startGeneration}
                onChange={(value) => {
                  draft.setPrompt(value);
                  generate.promptTyped(value);
                }}
              />
              {signedIn && (
                <PromptEnhancer
                  request={{
                    prompt: draft.prompt,
                    mode,
                    model: draft.config.model,
                    resolution: draft.config.resolution,
                    duration: draft.config.duration,
                    ...(draft.config.aspectRatio ? { aspectRatio: draft.config.aspectRatio } : {}),
                    ...(controls.cameraMotion ? { cameraMotion: controls.cameraMotion } : {}),
                  }}
                  onUse={(value) => {
                    draft.setPrompt(value);
                    generate.promptTyped(value);
                  }}
                />
              )}
            </div>

            {account.relaxedOffered && <QueueChoice queue={account.chosenQueue} disabled={busy} onChange={account.setChosenQueue} />}

            <CreditsPanel
              cost={runCost}
              videos={variations}
              relaxed={account.relaxed}
              balance={summary.balance}
              level={summary.level}
              enough={summary.enough && (summary.balance === null || account.relaxed || summary.balance >= runCost)}
              critical={summary.critical}
              onGetCredits={() => void openSubscriptionModal({ source: 'generator' })}
            />

            {generate.formError && (
              <p className={styles.formError} role="alert" data-testid="generate-error">
                {generate.formError}
              </p>
            )}

            <GenerateButton signedIn={signedIn} phase={job.phase} waitingForPicture={waitingForPicture} onGenerate={startGeneration} />

            <SettingsPanel
              config={draft.config}
              features={account.features}
              refused={planLock.refused}
              onChange={(next) => {
                planLock.clear();
                draft.setConfig(next);
              }}
              onLocked={planLock.lock}
            />

            {signedIn && (
              <QueuePart>
                {(parts) => (
                  <parts.VariationsControl value={variations} config={priced} relaxed={account.relaxed} disabled={busy} onChange={draft.setVariations} />
                )}
              </QueuePart>
            )}

            <AdvancedSettings
              negativePrompt={draft.negativePrompt}
              seed={draft.seedText}
              seedId={ids.seed}
              onNegativePrompt={draft.setNegativePrompt}
              onSeed={draft.setSeedText}
            >
              <ControlsSlot mode={mode} model={draft.config.model} signedIn={signedIn} onFields={setControls} />
            </AdvancedSettings>
          </section>

          <ResultPanel
            state={job}
            othersInProgress={stage.othersInProgress}
            viewing={stage.viewing}
            onBackToJob={stage.backToJob}
            headingId={ids.result}
            reveal={stage.reveal}
            onCancelled={history.reload}
            onRunCancelled={stage.runCancelled}
            actions={{
              downloadingId: download.downloadingId,
              onDownload: (v) => void download.download(v),
              onDelete: (video) => deletion.ask(video, 'result'),
              onShareChange: stage.shareChanged,
              canEdit: account.canEdit,
              onEdit: stage.edit,
              onUpgradeToEdit: () =>
                void openSubscriptionModal({ source: 'generator-edit', needsPlan: { feature: 'advancedEditing', plan: cheapestPlanWith('advancedEditing') } }),
              upscaleFeatures: account.canEdit === null ? null : account.features,
              onUpgradeToUpscale: () =>
                void openSubscriptionModal({ source: 'generator-upscale', needsPlan: { feature: 'hd720p', plan: cheapestPlanWith('hd720p') } }),
              onNeedCredits: (required, available) => void requestCredits(required, available, 'generator'),
              onShowSource: (id) => void stage.showSource(id),
              onReuseSeed: (seed) => {
                draft.setSeedText(String(seed));
                notify('success', t('advanced.reuseSeedDone', { seed }));
              },
            }}
          />
        </StudioFieldset>

        {signedIn ? (
          <HistoryPanel
            headingId={ids.history}
            state={history.state}
            filter={history.filter}
            page={history.page}
            downloadingId={download.downloadingId}
            onFilter={history.changeFilter}
            onPage={history.setPage}
            onRetry={history.reload}
            onPlay={stage.play}
            onDownload={(v) => void download.download(v)}
            onDelete={(video) => deletion.ask(video, 'history')}
            onShowSource={(id) => void stage.showSource(id)}
            onCancelled={history.reload}
          />
        ) : (
          <p className={styles.signedOutHistory}>{t('history.signedOut')}</p>
        )}
      </div>

      {deletion.pending && (
        <DeleteVideoDialog
          video={deletion.pending.video}
          from={deletion.pending.from}
          deleting={deletion.deleting}
          headingIds={{ result: ids.result, history: ids.history }}
          onConfirm={deletion.confirm}
          onCancel={deletion.cancel}
        />
      )}
    </main>
  );
}

export default withGeneratorQueries(GeneratorPage);

/**
 * Called by the shell once a page elsewhere is idle, before a likely move here: the studio, which stays invisible until
 * it knows the video engine, then shows at once, with the visitor's balance and plan it was drawn with.
 */
export async function preload(): Promise<void> {
  await Promise.all([preloadVideoEngine(), preloadStudioAccount()]);
}
