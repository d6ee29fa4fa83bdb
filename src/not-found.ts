/**
 * The not-found page's script (404.html). Under /admin it hands over to the admin app (a static host
 * without a fallback answered 404.html for an admin address it has no file for); elsewhere it shows
 * the page at once, which its stylesheet otherwise keeps hidden for a moment (so the admin does not
 * appear after a flash of "Page not found").
 */
import { handOverToAdmin } from './static-host';
import './not-found.css';

if (!handOverToAdmin(document)) document.documentElement.dataset.ready = '';
