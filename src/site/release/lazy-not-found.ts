/**
 * The not-found page as a lazy part: a release's or a show's page, and any unknown address, shows it, and only
 * then loads its code (a visitor of a release that exists never needs it: issue 32's JavaScript before interaction).
 */
import { lazyBlock } from '../shared/lazy-block';

export const NotFound = lazyBlock('not-found', () => import('./not-found'));
