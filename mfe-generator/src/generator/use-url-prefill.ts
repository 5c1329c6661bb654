import { useEffect, useEffectEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { api, ApiError, DURATIONS, FALLBACK_LANGUAGE } from '@reelmint/shared';
import type { PublicVideo } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import { generatorKeys } from '../server-state/generator-queries.tsx';
import { errorMessage } from './errors.ts';
import { DEFAULT_CONFIG, PROMPT_MAX, withShape } from './settings.ts';
import type { Prefill } from './use-studio-draft.ts';
import { videoApi } from './video-api.ts';

type TemplatesReply = Awaited<ReturnType<typeof api.templates>>;

/** An answer read this long ago is used as it is: the gallery or the shared page just read it, on the way here. */
const FRESH_FOR_MS = 60_000;

/**
 * Fills the form from the URL, once per id: `?template=` (a template of the gallery: its prompt and settings, in the
 * page's language as the gallery showed them, so the person reads, edits and generates from that text) or
 * `?remix=` (a shared video: its prompt, settings and seed, never its media), then drops the query. Answers the
 * notice to show above the prompt: what was filled in, or why nothing was.
 */
export function useUrlPrefill(fill: (prefill: Prefill) => void): string | null {
  const { t, i18n } = useGeneratorText();
  const lng = i18n.resolvedLanguage ?? i18n.language ?? FALLBACK_LANGUAGE;
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const dropQuery = () => navigate({ pathname: location.pathname, search: '' }, { replace: true });

  const templateParam = params.get('template');
  const applyTemplate = useEffectEvent(({ data, fallback }: TemplatesReply, id: string) => {
    const found = data.find((item) => item.id === id);
    if (found) {
      fill({
        prompt: found.prompt.slice(0, PROMPT_MAX),
        config: withShape(found.settings),
        negativePrompt: found.settings.negativePrompt ?? '',
        template: { id: found.id, title: found.title },
      });
      setNotice(null);
    } else {
      setNotice(fallback ? t('errors.network') : t('template.notFound'));
    }
    dropQuery();
  });
  const templateFailed = useEffectEvent((error: unknown) => setNotice(errorMessage(t, error)));
  useEffect(() => {
    if (!templateParam) return;
    let live = true;
    queryClient.fetchQuery({ queryKey: generatorKeys.templates(lng), queryFn: () => api.templates(lng), staleTime: FRESH_FOR_MS }).then(
      (reply) => live && applyTemplate(reply, templateParam),
      (error: unknown) => live && templateFailed(error),
    );
    return () => {
      live = false;
    };
  }, [templateParam, lng, queryClient]);

  const remixParam = params.get('remix');
  const applyRemix = useEffectEvent((shared: PublicVideo) => {
    // An edit lasts any length; a new generation keeps to the lengths on offer.
    const duration = DURATIONS.find((option) => option === shared.duration) ?? DEFAULT_CONFIG.duration;
    fill({
      prompt: (shared.prompt ?? '').slice(0, PROMPT_MAX),
      config: withShape({ ...shared, duration }),
      negativePrompt: shared.negativePrompt ?? '',
      seedText: shared.seed === null ? '' : String(shared.seed),
      template: null,
    });
    setNotice(t('remix.loaded'));
    dropQuery();
  });
  const remixFailed = useEffectEvent((error: unknown) => {
    setNotice(error instanceof ApiError && error.status === 404 ? t('remix.missing') : errorMessage(t, error));
    dropQuery();
  });
  useEffect(() => {
    if (!remixParam) return;
    let live = true;
    queryClient
      .fetchQuery({
        queryKey: generatorKeys.sharedVideo(remixParam),
        queryFn: ({ signal }) => videoApi.publicVideo(remixParam, signal),
        staleTime: FRESH_FOR_MS,
      })
      .then(
        (shared) => live && applyRemix(shared),
        (error: unknown) => live && remixFailed(error),
      );
    return () => {
      live = false;
    };
  }, [remixParam, queryClient]);

  return notice;
}
