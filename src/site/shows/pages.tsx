/** The shows' pages as one lazy chunk (one fewer entry in the page's entry): the list, or a show's page by its slug. */
import ShowPage from './show-page';
import ShowsPage from './shows-page';

export default function ShowsPages({ slug }: { slug?: string }) {
  return slug === undefined ? <ShowsPage /> : <ShowPage slug={slug} />;
}
