import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { ContentAdmin } from '../../content/backend';
import { unreadCount } from './inbox-model';
import { INBOX_CHANGED, readInbox } from './inbox-page';

/**
 * The inbox's unread count (requests with status new), for the navigation and the dashboard: read when the
 * admin moves between pages, when the inbox changes, when the tab comes back; undefined until read, or when it cannot be.
 */
export function useUnread(backend: ContentAdmin | undefined): number | undefined {
  const { pathname } = useLocation();
  const [count, setCount] = useState<number | undefined>();
  const [changed, setChanged] = useState(0);
  useEffect(() => {
    const bump = () => setChanged((n) => n + 1);
    // Requests arrive while the admin works: read again when the tab comes back. Not on a timer: a read the
    // admin did not ask for would keep an idle session alive past its 30 minutes.
    window.addEventListener(INBOX_CHANGED, bump);
    window.addEventListener('focus', bump);
    return () => {
      window.removeEventListener(INBOX_CHANGED, bump);
      window.removeEventListener('focus', bump);
    };
  }, []);
  useEffect(() => {
    if (!backend) return;
    let live = true;
    readInbox(backend).then(
      (items) => live && setCount(unreadCount(items)),
      () => live && setCount(undefined),
    );
    return () => {
      live = false;
    };
  }, [backend, pathname, changed]);
  return count;
}
