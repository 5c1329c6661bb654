import { withTemplateQueries } from '../templates/templates-queries.tsx';
import { ModeLanding } from './mode-landing.tsx';

/** /image-to-video: what a picture gets you, and the way into the image generator. */
function ImageToVideoLanding() {
  return <ModeLanding mode="image" />;
}

export default withTemplateQueries(ImageToVideoLanding);
