import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { VideoTemplate } from '@reelmint/shared';
import { useMarketingText } from '../i18n.ts';
import { SimplePage } from '../ui/simple-page.tsx';
import pageStyles from '../ui/page.module.css';
import { categoriesOf, filterTemplates } from './filter-templates.ts';
import { TemplatesError, TemplatesOffline } from './load-states.tsx';
import { TemplateSkeletons } from './template-skeletons.tsx';
import { TemplateCard } from './template-card.tsx';
import { useCategoryName } from './template-text.ts';
import { prefetchCatalogue, useCatalogue, withTemplateQueries } from './templates-queries.tsx';
import styles from './templates.module.css';

/** Cards whose posters a phone shows without scrolling: fetched with the page, the rest as they come into view. */
const ABOVE_THE_FOLD = 2;

/**
 * /free-video-templates: the catalogue from the API with a category filter and a search. Both live
 * in the URL (`q`, `category`), so the site search action (`?q=`) and shared links open the same
 * view; typing replaces the history entry instead of adding one per key.
 */
function TemplatesPage() {
  const { t } = useMarketingText();
  const { state, retry } = useCatalogue();

  return (
    <SimplePage title={t('templates.title')} lead={t('templates.lead')}>
      {state.kind === 'loading' && <TemplateSkeletons count={6} />}
      {state.kind === 'error' && <TemplatesError error={state.error} onRetry={retry} />}
      {state.kind === 'ready' && state.value.fallback && <TemplatesOffline onRetry={retry} />}
      {state.kind === 'ready' && !state.value.fallback && state.value.data.length === 0 && (
        <div className={styles.emptyState}>
          <p>{t('templates.empty')}</p>
        </div>
      )}
      {state.kind === 'ready' && state.value.data.length > 0 && <Gallery templates={state.value.data} />}
    </SimplePage>
  );
}

function Gallery({ templates }: { templates: VideoTemplate[] }) {
  const { t } = useMarketingText();
  const categoryName = useCategoryName();
  const [params, setParams] = useSearchParams();
  const searchId = useId();
  const urlQuery = params.get('q') ?? '';
  // The box keeps its own text so typing never waits for the URL; the URL follows it, and a change
  // that did not come from the box (back button, a search-action link) is copied into it.
  const [query, setQuery] = useState(urlQuery);
  const pushed = useRef(urlQuery);
  useEffect(() => {
    if (urlQuery !== pushed.current) {
      pushed.current = urlQuery;
      setQuery(urlQuery);
    }
  }, [urlQuery]);
  const categories = useMemo(() => categoriesOf(templates), [templates]);
  const requested = params.get('category') ?? '';
  const category = categories.includes(requested) ? requested : '';

  const shown = filterTemplates(templates, { query, category }, (template) => [
    template.title,
    categoryName(template.category),
    template.category,
    template.prompt,
  ]);

  const update = (name: 'q' | 'category', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const search = useRef<HTMLInputElement>(null);
  const clear = () => {
    // The button goes with the filters it clears: the search box takes the focus rather than the page.
    search.current?.focus();
    setQuery('');
    pushed.current = '';
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('q');
        next.delete('category');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <section aria-label={t('templates.title')}>
      <div className={styles.toolbar} role="search">
        {/* The placeholder is the field's short name; what a search looks in is a hint under it, whole in every language at 320px. */}
        <div className={styles.searchField}>
          <div className={styles.search}>
            <label htmlFor={searchId} className="rm-visually-hidden">
              {t('templates.searchLabel')}
            </label>
            <svg
              className={styles.searchIcon}
              aria-hidden="true"
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
            >
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-3.5-3.5" />
            </svg>
            <input
              ref={search}
              id={searchId}
              className={styles.searchInput}
              type="search"
              value={query}
              placeholder={t('templates.searchLabel')}
              aria-describedby={`${searchId}-hint`}
              autoComplete="off"
              onChange={(event) => {
                setQuery(event.target.value);
                pushed.current = event.target.value;
                update('q', event.target.value);
              }}
            />
          </div>
          <p id={`${searchId}-hint`} className={styles.searchHint}>
            {t('templates.searchHint')}
          </p>
        </div>
        <div className={styles.chips} role="group" aria-label={t('templates.categoryLabel')}>
          <button type="button" className={styles.chip} aria-pressed={category === ''} onClick={() => update('category', '')}>
            {t('templates.all')}
          </button>
          {categories.map((name) => (
            <button key={name} type="button" className={styles.chip} aria-pressed={category === name} onClick={() => update('category', name)}>
              {categoryName(name)}
            </button>
          ))}
        </div>
      </div>
      <p className={styles.count} role="status" aria-live="polite">
        {t('templates.count', { count: shown.length })}
      </p>
      {shown.length === 0 ? (
        <div className={styles.emptyState}>
          <p>{t('templates.noMatch')}</p>
          <button type="button" className={pageStyles.ghost} onClick={clear}>
            {t('templates.clear')}
          </button>
        </div>
      ) : (
        <ul className={styles.grid}>
          {shown.map((template, index) => (
            <li key={template.id}>
              <TemplateCard template={template} loading={index < ABOVE_THE_FOLD ? 'eager' : 'lazy'} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default withTemplateQueries(TemplatesPage);

/** Called by the shell once a page elsewhere is idle, before a likely move here: the gallery then show their cards at once. */
export const preload = () => prefetchCatalogue();
