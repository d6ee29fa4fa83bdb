/** What a page carries for the client: plain constants, safe to import anywhere (server, scripts). */
import type { PublicContent } from './model';

export const EMPTY_CONTENT: PublicContent = { releases: [], collaborators: [] };

/** Id of the non-executable JSON script in which a server-rendered page carries its content. */
export const CONTENT_SCRIPT_ID = 'scena-content';
/** Name of the meta tag that tells the client which backend served the page. */
export const BACKEND_META = 'scena-backend';
