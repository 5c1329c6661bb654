import { useCallback, useEffect, useState } from 'react';
import type { GenerationConfig } from '@reelmint/shared';
import { loadDraft, saveDraft } from './draft.ts';
import { DEFAULT_CONFIG } from './settings.ts';

/** The gallery template a prompt came from, named on the form until it is cleared. */
export interface ChosenTemplate {
  id: string;
  title: string;
}

/** What a template or a shared video puts into the form; a seed left out keeps the one typed. */
export interface Prefill {
  prompt: string;
  config: GenerationConfig;
  negativePrompt: string;
  seedText?: string;
  template: ChosenTemplate | null;
}

/**
 * The words and settings of the form, opened from this tab's draft and saved back on every change, so a trip to
 * sign in, a reload or another page loses nothing. The picture is kept apart (see usePicture): `savedImage` is
 * what the draft held of it when the studio opened.
 */
export function useStudioDraft() {
  const [initialDraft] = useState(loadDraft);
  const [prompt, setPrompt] = useState(initialDraft?.prompt ?? '');
  const [config, setConfig] = useState<GenerationConfig>(initialDraft?.config ?? DEFAULT_CONFIG);
  const [negativePrompt, setNegativePrompt] = useState(initialDraft?.negativePrompt ?? '');
  const [seedText, setSeedText] = useState(initialDraft?.seed ?? '');
  const [template, setTemplate] = useState<ChosenTemplate | null>(
    initialDraft?.templateId ? { id: initialDraft.templateId, title: initialDraft.templateTitle ?? initialDraft.templateId } : null,
  );

  const [variations, setVariations] = useState(initialDraft?.variations ?? 1);

  useEffect(() => {
    saveDraft({ prompt, config, negativePrompt, seed: seedText, templateId: template?.id, templateTitle: template?.title, variations });
  }, [prompt, config, negativePrompt, seedText, template, variations]);

  const fill = useCallback((prefill: Prefill) => {
    setPrompt(prefill.prompt);
    setConfig(prefill.config);
    setNegativePrompt(prefill.negativePrompt);
    if (prefill.seedText !== undefined) setSeedText(prefill.seedText);
    setTemplate(prefill.template);
  }, []);

  return {
    savedImage: initialDraft?.image,
    prompt,
    setPrompt,
    config,
    setConfig,
    negativePrompt,
    setNegativePrompt,
    seedText,
    setSeedText,
    template,
    setTemplate,
    variations,
    setVariations,
    fill,
  };
}

export type StudioDraft = ReturnType<typeof useStudioDraft>;
