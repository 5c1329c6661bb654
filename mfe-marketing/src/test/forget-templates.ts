import { afterEach } from 'vitest';
import { forgetTemplateQueries } from '../templates/templates-queries.tsx';
import { forgetShownCatalogue } from '../templates/use-templates.ts';

// The catalogues cached for moves live as long as the page; each test is a fresh visit.
afterEach(() => {
  forgetTemplateQueries();
  forgetShownCatalogue();
});
