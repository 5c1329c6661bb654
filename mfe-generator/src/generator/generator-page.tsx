import { useCallback, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  api,
  ApiError,
  cheapestPlanWith,
  checkGenerationAccess,
  creditsStore,
  DURATIONS,
  FALLBACK_LANGUAGE,
  loadCredits,
  loadSubscription,
  notify,
  openSubscriptionModal,
  PLAN_FEATURES,
  requestCredits,
  setCreditBalance,
  stripLanguage,
  useAuth,
  useCredits,
  useLocalizePath,
  useSubscription,
} from '@reelmint/shared';
import type { FeatureFlag, GenerationConfig } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { CreditsPanel } from './credits-panel.tsx';
import { QueueChoice } from './queue-choice.tsx';
import type { GenerationQueue } from './queue-choice.tsx';
import { loadDraft, saveDraft, saveDraftImage } from './draft.ts';
import { downloadVideo, videoFileName } from './download.ts';
import { errorMessage, isAbort, needsSignIn } from './errors.ts';
import { HistoryPanel } from './history-panel.tsx';
import { checkImageFile } from './image-file.ts';
import { ImageDrop } from './image-drop.tsx';
import type { ImageState } from './image-drop.tsx';
import { modeFromPath, pathForMode } from './mode.ts';
import { ModeTabs } from './mode-tabs.tsx';
import { ResultPanel } from './result-panel.tsx';
import { AdvancedSettings } from './advanced-settings.tsx';
import { costSummary, DEFAULT_CONFIG, lockMessage, parseSeed, PROMPT_MAX, withShape } from './settings.ts';
import type { SettingField } from './settings.ts';
import { SettingsPanel } from './settings-panel.tsx';
import { useGeneration } from './use-generation.ts';
import { historyPages, useHistory } from './use-history.ts';
import type { HistoryFilter } from './use-history.ts';
import { useTakenOver } from './use-taken-over.ts';
import { useVideoEngine } from './use-video-engine.ts';
import { videoApi } from './video-api.ts';
import type { EditRequest, GenerateRequest, VideoRecord } from './video-api.ts';
import styles from './studio.module.css';

/** Prompts this close to the limit get a spoken count of what is left. */
const PROMPT_WARN_AT = 50;

function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function dataUrlToBlob(dataUrl: string): Blob {
  const [head = '', data = ''] = dataUrl.split(',');
  const type = /^data:([^;]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

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
export default function GeneratorPage() {
  const { t, i18n } = useGeneratorText();
  const lng = i18n.resolvedLanguage ?? i18n.language ?? FALLBACK_LANGUAGE;
  const location = useLocation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [params] = useSearchParams();
  const token = useAuth((s) => s.token);
  const signedIn = !!token;
  const mode = modeFromPath(location.pathname);
  const ids = { prompt: useId(), counter: useId(), promptProblem: useId(), panel: useId(), result: useId(), history: useId(), seed: useId() };

  const [initialDraft] = useState(loadDraft);
  const [prompt, setPrompt] = useState(initialDraft?.prompt ?? '');
  const [config, setConfig] = useState<GenerationConfig>(initialDraft?.config ?? DEFAULT_CONFIG);
  const [negativePrompt, setNegativePrompt] = useState(initialDraft?.negativePrompt ?? '');
  const [seedText, setSeedText] = useState(initialDraft?.seed ?? '');
  const [template, setTemplate] = useState<{ id: string; title: string } | null>(
    initialDraft?.templateId ? { id: initialDraft.templateId, title: initialDraft.templateTitle ?? initialDraft.templateId } : null,
  );
  const [image, setImage] = useState<ImageState | null>(() => {
    const saved = initialDraft?.image;
    if (!saved) return null;
    return { name: saved.name, dataUrl: saved.dataUrl, status: saved.uploadId ? 'ready' : 'local', progress: saved.uploadId ? 1 : 0, uploadId: saved.uploadId };
  });
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const [promptProblem, setPromptProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [refused, setRefused] = useState<{ field: SettingField; feature: FeatureFlag } | null>(null);
  const [filter, setFilter] = useState<HistoryFilter>('all');
  const [page, setPage] = useState(1);
  /** The video to delete, and which panel asked: focus returns there once the video is gone. */
  const [pendingDelete, setPendingDelete] = useState<{ video: VideoRecord; from: 'result' | 'history' } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [downloadingId, setDownloadingId] = useState<string | null>(null);

  const promptRef = useRef<HTMLTextAreaElement>(null);
  const imageBlob = useRef<Blob | null>(null);
  const uploadController = useRef<AbortController | null>(null);

  const credits = useCredits((s) => s);
  const subscription = useSubscription((s) => s);
  const features = subscription.subscription?.features ?? PLAN_FEATURES.free;
  // Max's unlimited generations: the relaxed queue, offered once the server has said the plan includes it.
  const relaxedOffered = signedIn && features.unlimitedGenerations && !subscription.fallback;
  const [chosenQueue, setChosenQueue] = useState<GenerationQueue>('priority');
  const relaxed = relaxedOffered && chosenQueue === 'relaxed';
  const history = useHistory(signedIn, filter, page);
  const engine = useVideoEngine();
  const takenOver = useTakenOver();
  const reloadHistory = history.reload;
  const generation = useGeneration(reloadHistory);
  const { state: job } = generation;
  const busy = job.phase === 'submitting' || job.phase === 'running';

  // A page emptied by a delete (or a history that shrank elsewhere) goes back to the last page that exists.
  const historyPageCount = history.state.status === 'ready' ? historyPages(history.state.page.total) : null;
  useEffect(() => {
    if (historyPageCount !== null && page > historyPageCount) setPage(historyPageCount);
  }, [page, historyPageCount]);

  useEffect(() => {
    void loadCredits();
    void loadSubscription();
  }, [token]);

  useEffect(() => {
    saveDraft({ prompt, config, negativePrompt, seed: seedText, templateId: template?.id, templateTitle: template?.title });
  }, [prompt, config, negativePrompt, seedText, template]);

  // The picture is saved apart, and only when it changes: upload progress and typing leave it alone.
  const imageName = image?.name;
  const imageUploadId = image?.uploadId;
  const imageDataUrl = image?.dataUrl;
  useEffect(() => {
    saveDraftImage(imageName === undefined ? null : { name: imageName, uploadId: imageUploadId, dataUrl: imageDataUrl });
  }, [imageName, imageUploadId, imageDataUrl]);

  /** To /auth and back to this screen; the draft is already in sessionStorage. */
  const goToSignIn = useCallback(
    (replace: boolean) => {
      const returnTo = stripLanguage(location.pathname);
      navigate(localize(`/auth?returnTo=${encodeURIComponent(returnTo)}`), { replace });
    },
    [location.pathname, localize, navigate],
  );

  // Started from the templates gallery: fill in its prompt and settings, in the page's language as the gallery showed
  // them (the person reads, edits and generates from that text), then drop the query.
  const templateParam = params.get('template');
  const applyTemplate = useEffectEvent(({ data, fallback }: Awaited<ReturnType<typeof api.templates>>, id: string) => {
    const found = data.find((item) => item.id === id);
    if (found) {
      setPrompt(found.prompt.slice(0, PROMPT_MAX));
      setConfig(withShape(found.settings));
      setNegativePrompt(found.settings.negativePrompt ?? '');
      setTemplate({ id: found.id, title: found.title });
      setNotice(null);
    } else {
      setNotice(fallback ? t('errors.network') : t('template.notFound'));
    }
    navigate({ pathname: location.pathname, search: '' }, { replace: true });
  });
  const templateFailed = useEffectEvent((error: unknown) => setNotice(errorMessage(t, error)));
  // Runs once per template id in the URL (the query is dropped once applied).
  useEffect(() => {
    if (!templateParam) return;
    let live = true;
    api.templates(lng).then(
      (reply) => live && applyTemplate(reply, templateParam),
      (error: unknown) => live && templateFailed(error),
    );
    return () => {
      live = false;
    };
  }, [templateParam, lng]);

  // Opened from a shared video's Remix: its prompt and settings (never its media), then drop the query.
  const remixParam = params.get('remix');
  useEffect(() => {
    if (!remixParam) return;
    const controller = new AbortController();
    videoApi.publicVideo(remixParam, controller.signal).then(
      (shared) => {
        setPrompt((shared.prompt ?? '').slice(0, PROMPT_MAX));
        // An edit lasts any length; a new generation keeps to the lengths on offer.
        const duration = DURATIONS.find((option) => option === shared.duration) ?? DEFAULT_CONFIG.duration;
        setConfig(withShape({ ...shared, duration }));
        setNegativePrompt(shared.negativePrompt ?? '');
        setSeedText(shared.seed === null ? '' : String(shared.seed));
        setTemplate(null);
        setNotice(t('remix.loaded'));
        navigate({ pathname: location.pathname, search: '' }, { replace: true });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setNotice(error instanceof ApiError && error.status === 404 ? t('remix.missing') : errorMessage(t, error));
        navigate({ pathname: location.pathname, search: '' }, { replace: true });
      },
    );
    return () => controller.abort();
    // Runs once per shared video named in the URL, like the template query above.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the id alone, as said above
  }, [remixParam]);

  // A picture chosen while signed out (or restored from the draft) goes up once there is a session.
  const imageStatus = image?.status;
  const uploadPicture = useEffectEvent(() => {
    if (!image) return;
    const blob = imageBlob.current ?? (image.dataUrl ? dataUrlToBlob(image.dataUrl) : null);
    if (!blob) {
      // Neither the file nor its bytes survived (storage refused them): the person has to choose it again.
      setImage(null);
      return;
    }
    uploadController.current?.abort();
    const controller = new AbortController();
    uploadController.current = controller;
    setImage((current) => current && { ...current, status: 'uploading', progress: 0, error: undefined });
    videoApi
      .upload(
        blob,
        image.name,
        (fraction) => setImage((current) => (current?.status === 'uploading' ? { ...current, progress: fraction } : current)),
        controller.signal,
      )
      .then(
        (reply) => {
          if (controller.signal.aborted) return;
          imageBlob.current = null;
          setImage((current) => current && { ...current, status: 'ready', progress: 1, uploadId: reply.id });
        },
        (error: unknown) => {
          if (controller.signal.aborted || isAbort(error)) return;
          if (needsSignIn(error)) {
            setImage((current) => current && { ...current, status: 'local', progress: 0 });
            goToSignIn(true);
            return;
          }
          setImage((current) => current && { ...current, status: 'error', error: errorMessage(t, error) });
        },
      );
  });
  // Keyed on the status only: progress updates to the same picture must not restart its upload.
  useEffect(() => {
    if (signedIn && imageStatus === 'local') uploadPicture();
  }, [signedIn, imageStatus]);

  useEffect(() => () => uploadController.current?.abort(), []);

  const onFile = async (file: File) => {
    const problem = checkImageFile(file);
    if (problem) {
      setImageProblem(problem.kind === 'size' ? t('image.errors.size', { size: problem.megabytes }) : t(`image.errors.${problem.kind}`));
      return;
    }
    setImageProblem(null);
    setFormError(null);
    uploadController.current?.abort();
    imageBlob.current = file;
    try {
      const dataUrl = await readDataUrl(file);
      setImage({ name: file.name || t('image.pastedName'), dataUrl, status: 'local', progress: 0 });
    } catch {
      setImageProblem(t('errors.invalidImage'));
    }
  };

  const onRemoveImage = () => {
    uploadController.current?.abort();
    imageBlob.current = null;
    setImage(null);
  };

  const onLocked = (field: SettingField, feature: FeatureFlag) => {
    setRefused({ field, feature });
    void openSubscriptionModal({ source: 'generator', needsPlan: { feature, plan: cheapestPlanWith(feature) } });
  };

  const onChangeConfig = (next: GenerationConfig) => {
    setRefused(null);
    setConfig(next);
  };

  const switchMode = (next: typeof mode) => {
    setFormError(null);
    navigate(localize(pathForMode(next)));
  };

  const costed = costSummary(config, signedIn && credits.status === 'ready' ? credits.balance : null);
  const summary = relaxed ? { ...costed, enough: true } : costed;

  const onGenerate = async () => {
    setFormError(null);
    if (!signedIn) {
      goToSignIn(false);
      return;
    }
    const text = prompt.trim();
    if (mode === 'text' && !text) {
      setPromptProblem(t('prompt.required'));
      promptRef.current?.focus();
      return;
    }
    if (mode === 'image') {
      if (!image) {
        setImageProblem(t('image.required'));
        return;
      }
      if (image.status !== 'ready' || !image.uploadId) {
        setImageProblem(image.status === 'error' ? (image.error ?? t('image.required')) : t('image.wait'));
        return;
      }
    }
    const seed = parseSeed(seedText);
    if (!seed.valid) {
      document.getElementById(ids.seed)?.focus();
      return;
    }
    const problem = checkGenerationAccess(config, features)[0];
    if (problem) {
      onLocked(problem.field, problem.feature);
      return;
    }
    try {
      if (creditsStore.getState().balance === null) await loadCredits();
      const balance = creditsStore.getState().balance;
      const { cost } = costSummary(config, balance);
      if (!relaxed && balance !== null && balance < cost) {
        void requestCredits(cost, balance, 'generator');
        return;
      }
      const steering = {
        ...(negativePrompt.trim() ? { negativePrompt: negativePrompt.trim() } : {}),
        ...(seed.seed !== undefined ? { seed: seed.seed } : {}),
        ...(relaxed ? { queue: 'relaxed' as const } : {}),
      };
      const body: GenerateRequest =
        mode === 'image'
          ? { type: 'image-to-video', imageId: image?.uploadId, ...(text ? { prompt: text } : {}), ...config, ...steering }
          : template
            ? { type: 'template', templateId: template.id, prompt: text, ...config, ...steering }
            : { type: 'text-to-video', prompt: text, ...config, ...steering };
      if (await generation.start(body)) {
        reloadHistory();
        // On one column the stage is below the form: bring the progress into view.
        document.getElementById(ids.result)?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
      }
    } catch (error) {
      explainGenerateError(error);
    }
  };

  const explainGenerateError = (error: unknown) => {
    if (needsSignIn(error)) {
      goToSignIn(true);
      return;
    }
    if (error instanceof ApiError && error.code === 'INSUFFICIENT_CREDITS') {
      const required = Number(error.details.required ?? summary.cost);
      const available = Number(error.details.available ?? 0);
      setCreditBalance(available);
      void requestCredits(required, available, 'generator');
      return;
    }
    if (error instanceof ApiError && error.code === 'PLAN_UPGRADE_REQUIRED') {
      void loadSubscription({ force: true });
      const first = (error.details.problems as { field: SettingField; feature: FeatureFlag }[] | undefined)?.[0];
      if (first) onLocked(first.field, first.feature);
      setFormError(first ? t(...lockMessage(first.feature)) : error.message);
      return;
    }
    if (error instanceof ApiError && error.code === 'RELAXED_QUEUE_UNAVAILABLE') {
      // The plan changed since the page loaded it (ended, moved down): read it again, which hides the choice.
      void loadSubscription({ force: true });
    }
    if (error instanceof ApiError && error.code === 'UPLOAD_NOT_FOUND') {
      setImage((current) => current && { ...current, status: 'error', uploadId: undefined, error: t('errors.uploadNotFound') });
    }
    setFormError(errorMessage(t, error));
  };

  const onDownload = async (video: VideoRecord) => {
    if (!video.videoUrl) return;
    setDownloadingId(video.id);
    try {
      await downloadVideo(video.videoUrl, videoFileName(video.id));
    } catch {
      notify('error', t('result.downloadFailed'));
    } finally {
      setDownloadingId(null);
    }
  };

  const onEdit = async (body: EditRequest) => {
    const started = await generation.startEdit(body);
    if (started) {
      reloadHistory();
      const heading = document.getElementById(ids.result);
      heading?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      heading?.focus({ preventScroll: true });
    }
    return started;
  };

  const onUpgradeToEdit = () => {
    void openSubscriptionModal({ source: 'generator-edit', needsPlan: { feature: 'advancedEditing', plan: cheapestPlanWith('advancedEditing') } });
  };

  /** Puts the video an edit was made from on the stage; it may have been deleted since. */
  const onShowSource = async (id: string) => {
    if (busy) return;
    try {
      onPlay(await videoApi.status(id));
    } catch (error) {
      notify('error', error instanceof ApiError && error.status === 404 ? t('edit.sourceGone') : errorMessage(t, error));
    }
  };

  const onPlay = (video: VideoRecord) => {
    // The stage belongs to the job being made; the history's Play is disabled meanwhile.
    if (busy) return;
    generation.show(video);
    const heading = document.getElementById(ids.result);
    heading?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    heading?.focus({ preventScroll: true });
  };

  const confirmDelete = async () => {
    const video = pendingDelete?.video;
    if (!video) return;
    setDeleting(true);
    try {
      await videoApi.remove(video.id);
      notify('success', t('delete.done'));
    } catch (error) {
      // Already gone is what the person wanted; anything else keeps the video and says why.
      if (!(error instanceof ApiError && error.status === 404)) {
        notify('error', t('delete.failed', { message: errorMessage(t, error) }));
        setDeleting(false);
        setPendingDelete(null);
        return;
      }
    }
    if (job.video?.id === video.id) generation.show(null);
    history.remove(video.id);
    if (video.status === 'queued' || video.status === 'processing') void loadCredits({ force: true });
    setDeleting(false);
    setPendingDelete(null);
    reloadHistory();
  };

  const retryOffline = () => {
    void loadCredits({ force: true });
    void loadSubscription({ force: true });
    reloadHistory();
  };

  const historyFallback = history.state.status === 'ready' && history.state.fallback;
  const offline = signedIn && (credits.fallback || subscription.fallback || historyFallback);
  const waitingForPicture = mode === 'image' && image?.status === 'uploading';
  const left = PROMPT_MAX - prompt.length;

  let buttonLabel = t('generate');
  if (!signedIn) buttonLabel = t('signInToGenerate');
  else if (job.phase === 'submitting') buttonLabel = t('starting');
  else if (job.phase === 'running') buttonLabel = t('generating');
  else if (waitingForPicture) buttonLabel = t('image.wait');

  return (
    <main className={styles.page} data-remote="generator">
      <div className={styles.inner}>
        <header className={styles.intro}>
          <h1 className={styles.title}>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
          {engine === 'local' && (
            <p className={styles.previewNotice} data-testid="preview-notice">
              {t('engine.localNotice')}
            </p>
          )}
        </header>

        {offline && (
          <div className={styles.offline} role="alert" data-testid="offline-notice">
            <p>{t('offline.notice')}</p>
            <button type="button" className={styles.ghostButton} onClick={retryOffline}>
              {t('offline.retry')}
            </button>
          </div>
        )}

        {/* Kept invisible until the engine is known: a preview notice appearing above a studio already on
            screen would push it down under the visitor's eyes. */}
        <fieldset className={styles.studio} disabled={!takenOver} data-waiting={engine === undefined || undefined}>
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
              {template && mode === 'text' && (
                <div className={styles.templateChip} data-testid="template-chip">
                  <span>{t('template.using', { title: template.title })}</span>
                  <button
                    type="button"
                    className={styles.chipClear}
                    onClick={() => setTemplate(null)}
                    aria-label={t('template.clearLabel', { title: template.title })}
                  >
                    {t('template.clear')}
                  </button>
                </div>
              )}
              {mode === 'image' && (
                <ImageDrop
                  image={image}
                  problem={imageProblem}
                  signedIn={signedIn}
                  onFile={(file) => void onFile(file)}
                  onRemove={onRemoveImage}
                  onRetry={() => setImage((c) => c && { ...c, status: 'local' })}
                />
              )}
              <div className={styles.promptField}>
                <div className={styles.promptTop}>
                  <label htmlFor={ids.prompt} className={styles.fieldLabel}>
                    {mode === 'image' ? t('prompt.labelImage') : t('prompt.label')}
                  </label>
                  <span id={ids.counter} className={styles.counter} data-near-limit={left <= PROMPT_WARN_AT || undefined}>
                    {t('prompt.counter', { count: prompt.length, max: PROMPT_MAX })}
                  </span>
                </div>
                <textarea
                  ref={promptRef}
                  id={ids.prompt}
                  className={styles.prompt}
                  value={prompt}
                  maxLength={PROMPT_MAX}
                  placeholder={mode === 'image' ? t('prompt.placeholderImage') : t('prompt.placeholder')}
                  aria-describedby={`${ids.counter}${promptProblem ? ` ${ids.promptProblem}` : ''}`}
                  aria-invalid={promptProblem ? true : undefined}
                  onChange={(event) => {
                    setPrompt(event.target.value);
                    if (event.target.value.trim()) setPromptProblem(null);
                  }}
                  rows={5}
                />
                <p className="rm-visually-hidden" aria-live="polite">
                  {left <= PROMPT_WARN_AT ? t('prompt.left', { count: left }) : ''}
                </p>
                {promptProblem && (
                  <p id={ids.promptProblem} className={styles.errorText} role="alert">
                    {promptProblem}
                  </p>
                )}
              </div>
            </div>

            <SettingsPanel config={config} features={features} refused={refused} onChange={onChangeConfig} onLocked={onLocked} />

            <AdvancedSettings negativePrompt={negativePrompt} seed={seedText} seedId={ids.seed} onNegativePrompt={setNegativePrompt} onSeed={setSeedText} />

            {relaxedOffered && <QueueChoice queue={chosenQueue} disabled={busy} onChange={setChosenQueue} />}

            <CreditsPanel
              cost={summary.cost}
              relaxed={relaxed}
              balance={summary.balance}
              level={summary.level}
              enough={summary.enough}
              critical={summary.critical}
              onGetCredits={() => void openSubscriptionModal({ source: 'generator' })}
            />

            {formError && (
              <p className={styles.formError} role="alert" data-testid="generate-error">
                {formError}
              </p>
            )}

            <button
              type="button"
              className={styles.generate}
              data-testid="generate-button"
              onClick={() => void onGenerate()}
              disabled={busy || waitingForPicture}
              aria-busy={busy}
            >
              <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
                <path d="M12 2l2.6 7.4L22 12l-7.4 2.6L12 22l-2.6-7.4L2 12l7.4-2.6z" />
              </svg>
              {buttonLabel}
            </button>
          </section>

          <ResultPanel
            state={job}
            headingId={ids.result}
            downloading={downloadingId === job.video?.id}
            onDownload={(v) => void onDownload(v)}
            onDelete={(video) => setPendingDelete({ video, from: 'result' })}
            onShareChange={(share) => {
              if (job.video?.id === share.id) generation.show({ ...job.video, ...share });
              reloadHistory();
            }}
            canEdit={signedIn && subscription.status === 'ready' && !subscription.fallback ? features.advancedEditing : null}
            onEdit={onEdit}
            onUpgradeToEdit={onUpgradeToEdit}
            onNeedCredits={(required, available) => void requestCredits(required, available, 'generator')}
            onShowSource={(id) => void onShowSource(id)}
            onReuseSeed={(seed) => {
              setSeedText(String(seed));
              notify('success', t('advanced.reuseSeedDone', { seed }));
            }}
          />
        </fieldset>

        {signedIn ? (
          <HistoryPanel
            headingId={ids.history}
            state={history.state}
            filter={filter}
            page={page}
            downloadingId={downloadingId}
            playBlocked={busy}
            onFilter={(next) => {
              setFilter(next);
              setPage(1);
            }}
            onPage={setPage}
            onRetry={reloadHistory}
            onPlay={onPlay}
            onDownload={(v) => void onDownload(v)}
            onDelete={(video) => setPendingDelete({ video, from: 'history' })}
            onShowSource={(id) => void onShowSource(id)}
          />
        ) : (
          <p className={styles.signedOutHistory}>{t('history.signedOut')}</p>
        )}
      </div>

      {pendingDelete && (
        <ConfirmDialog
          title={t('delete.title')}
          body={pendingDelete.video.status === 'queued' || pendingDelete.video.status === 'processing' ? t('delete.bodyInProgress') : t('delete.body')}
          confirmLabel={t('delete.confirm')}
          cancelLabel={t('delete.cancel')}
          busy={deleting}
          fallbackFocus={() => document.getElementById(pendingDelete.from === 'result' ? ids.result : ids.history) ?? document.getElementById(ids.result)}
          onConfirm={() => void confirmDelete()}
          onCancel={() => !deleting && setPendingDelete(null)}
        />
      )}
    </main>
  );
}
