import { withTemplateQueries } from '../templates/templates-queries.tsx';
import { ModeLanding } from './mode-landing.tsx';

/** /text-to-video: what writing a prompt gets you, and the way into the text generator. */
function TextToVideoLanding() {
  return <ModeLanding mode="text" />;
}

export default withTemplateQueries(TextToVideoLanding);
