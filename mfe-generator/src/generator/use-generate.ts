import { useState } from 'react';
import type { RefObject } from 'react';
import { ApiError, checkGenerationAccess, creditsStore, loadCredits, loadSubscription, requestCredits, setCreditBalance } from '@reelmint/shared';
import type { FeatureFlag, GenerationConfig, PlanFeatures } from '@reelmint/shared';
import type { ControlFields } from './generate-request.ts';
import { useGeneratorText } from '../i18n.ts';
import { errorMessage, needsSignIn } from './errors.ts';
import { generateRequestOf } from './generate-request.ts';
import type { GeneratorMode } from './mode.ts';
import { costSummary, lockMessage, parseSeed } from './settings.ts';
import type { SettingField } from './settings.ts';
import type { Picture } from './use-picture.ts';
import type { StudioDraft } from './use-studio-draft.ts';
import type { GenerateRequest } from './video-api.ts';

interface Options {
  mode: GeneratorMode;
  signedIn: boolean;
  draft: StudioDraft;
  picture: Picture;
  features: PlanFeatures;
  relaxed: boolean;
  /** Videos the run makes; the relaxed queue makes one. */
  variations: number;
  /** The cost shown for the form's settings, for a refusal that does not say it. */
  shownCost: number;
  /** The settings as priced: the draft's, with sound when it is on. */
  config: GenerationConfig;
  /** Keyframes, camera motion and sound as the mode and model take them. */
  controls: ControlFields;
  /** Starts the job; false when one is already starting (see useGeneration). */
  start: (body: GenerateRequest) => Promise<boolean>;
  /** A setting outside the plan (see usePlanLock). */
  lock: (field: SettingField, feature: FeatureFlag) => void;
  goToSignIn: (replace: boolean) => void;
  /** After a job started. */
  onStarted: () => void;
  promptRef: RefObject<HTMLTextAreaElement | null>;
  seedId: string;
}

/**
 * The Generate button: checks the form in the order a person fixes it (sign in, prompt, picture, seed, plan,
 * credits), sends it, and explains a refusal where it can be acted on: sign-in, the credits modal, the locked
 * setting, the picture to choose again, or a message above the button.
 */
export function useGenerate({
  mode,
  signedIn,
  draft,
  picture,
  features,
  relaxed,
  shownCost,
  config,
  controls,
  variations,
  start,
  lock,
  goToSignIn,
  onStarted,
  promptRef,
  seedId,
}: Options) {
  const { t } = useGeneratorText();
  const [formError, setFormError] = useState<string | null>(null);
  const [promptProblem, setPromptProblem] = useState<string | null>(null);

  const explain = (error: unknown) => {
    if (needsSignIn(error)) {
      goToSignIn(true);
      return;
    }
    if (error instanceof ApiError && error.code === 'INSUFFICIENT_CREDITS') {
      const required = Number(error.details.required ?? shownCost);
      const available = Number(error.details.available ?? 0);
      setCreditBalance(available);
      void requestCredits(required, available, 'generator');
      return;
    }
    if (error instanceof ApiError && error.code === 'PLAN_UPGRADE_REQUIRED') {
      void loadSubscription({ force: true });
      const first = (error.details.problems as { field: SettingField; feature: FeatureFlag }[] | undefined)?.[0];
      if (first) lock(first.field, first.feature);
      setFormError(first ? t(...lockMessage(first.feature)) : error.message);
      return;
    }
    if (error instanceof ApiError && error.code === 'RELAXED_QUEUE_UNAVAILABLE') {
      // The plan changed since the page loaded it (ended, moved down): read it again, which hides the choice.
      void loadSubscription({ force: true });
    }
    if (error instanceof ApiError && error.code === 'UPLOAD_NOT_FOUND') picture.uploadLost(t('errors.uploadNotFound'));
    setFormError(errorMessage(t, error));
  };

  const generate = async () => {
    setFormError(null);
    if (!signedIn) {
      goToSignIn(false);
      return;
    }
    const text = draft.prompt.trim();
    if (mode === 'text' && !text) {
      setPromptProblem(t('prompt.required'));
      promptRef.current?.focus();
      return;
    }
    const { image } = picture;
    if (mode === 'image') {
      if (!image) {
        picture.setProblem(t('image.required'));
        return;
      }
      if (image.status !== 'ready' || !image.uploadId) {
        picture.setProblem(image.status === 'error' ? (image.error ?? t('image.required')) : t('image.wait'));
        return;
      }
    }
    const seed = parseSeed(draft.seedText);
    if (!seed.valid) {
      // The field and its message may be behind the closed "More settings": open it, so both are in view.
      const field = document.getElementById(seedId);
      const settings = field?.closest('details');
      if (settings && !settings.open) settings.open = true;
      field?.focus();
      return;
    }
    const problem = checkGenerationAccess(draft.config, features)[0];
    if (problem) {
      lock(problem.field, problem.feature);
      return;
    }
    try {
      if (creditsStore.getState().balance === null) await loadCredits();
      const balance = creditsStore.getState().balance;
      const cost = costSummary(config, balance).cost * variations;
      if (!relaxed && balance !== null && balance < cost) {
        void requestCredits(cost, balance, 'generator');
        return;
      }
      const body = generateRequestOf({
        mode,
        prompt: text,
        config,
        negativePrompt: draft.negativePrompt,
        seed: seed.seed,
        template: draft.template,
        imageId: image?.uploadId,
        relaxed,
        controls,
        variations,
      });
      if (await start(body)) onStarted();
    } catch (error) {
      explain(error);
    }
  };

  /** A prompt typed after it was asked for clears the request. */
  const promptTyped = (value: string) => {
    if (value.trim()) setPromptProblem(null);
  };

  return { formError, clearFormError: () => setFormError(null), promptProblem, promptTyped, generate };
}
