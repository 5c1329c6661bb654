import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TemplateMedia } from './media.ts';
import { registerTemplateRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The templates' posters and preview clips in media storage, rendered on demand or in the background. */
    templateMedia: TemplateMedia;
  }
}

export interface TemplatesOptions {
  /** Render template preview clips in the background at start. */
  renderPreviews?: boolean;
}

/** The free video templates (`/api/video/templates/...`): the catalogue in a language, and its media. */
async function templates(app: FastifyInstance, options: TemplatesOptions): Promise<void> {
  const media = new TemplateMedia(app.storage, app.dataPaths.templates);
  app.decorate('templateMedia', media);
  registerTemplateRoutes(app, app.services, media);
  app.addHook('onReady', async () => {
    if (options.renderPreviews) media.renderInBackground((error) => app.log.warn({ err: error }, 'template preview failed'));
  });
  app.addHook('onClose', async () => media.stop());
}

export default fp(templates, { name: 'templates', fastify: '5.x', dependencies: ['services'] });
