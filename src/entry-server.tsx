/** Server-side rendering of the public page (used by the prerender script and by the server). */
import { prerender } from 'react-dom/static';
import type { Language, PublicContent } from './content/model';
import { App } from './site/app';
export { renderHead } from './site/render-head';

export async function renderPage(lang: Language, content: PublicContent): Promise<string> {
  const { prelude } = await prerender(<App lang={lang} content={content} />);
  return new Response(prelude).text();
}
