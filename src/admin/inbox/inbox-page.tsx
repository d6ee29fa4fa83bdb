/**
 * The inbox (/admin/inbox): the booking requests visitors sent, newest first. Open one to read it; reply in the
 * admin's own mail program (the subject and greeting in the request's language); opening marks it read; mark it handled
 * or unread again; archive it or bring it back; delete it, with Undo and the removed requests restorable (the generic history, docs/decisions/0019); export all as CSV.
 * A lasting failure of the e-mail notices (the outbox) is shown above the list.
 */
import { useEffect, useId, useState } from 'react';
import { useLoaderData, type RouteObject } from 'react-router';
import type { ContentAdmin, ContentListName, MailStatus, RemovedItem } from '../../content/backend';
import { ChangeNotices, ConfirmRemove, RemovedItems } from '../kinds/list-parts';
import { useListChanges, type ListPayload } from '../kinds/use-list-changes';
import { attempt, type ActionResult } from '../kinds/use-route-action';
import { newestFirst, replyHref, serviceIn, toCsv, unreadCount, type Booking } from './inbox-model';
import { download } from '../download';
import { fillParts } from '../fill-parts';
import { adminLanguage, adminLocale } from '../language';
import { t, tCount } from '../words';
import { LIVE_SERVICE } from '../../content/booking';
import { bookingsWords } from '../../content/kinds/bookings';
import { say } from '../kinds/form-model';

/** The list's name, as the content model declares it (src/content/kinds/bookings.ts). */
export const INBOX_LIST = 'bookings' satisfies ContentListName;

export type InboxData = { items: Booking[]; removed: RemovedItem[]; mail?: MailStatus } | { error: string };

/** Tells the layout's "Inbox" link that the unread count may have changed. */
export const INBOX_CHANGED = 'scena:inbox-changed';

/** Reads the requests through the generic list method. */
export const readInbox = (backend: ContentAdmin): Promise<Booking[]> => backend.list(INBOX_LIST);

const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(adminLocale(), { dateStyle: 'medium', timeStyle: 'short' });
};

const STATUS_WORDS = { new: 'statusNew', read: 'statusRead', handled: 'statusHandled', archived: 'statusArchived' } as const;
const statusWords = (status: string) => (status in STATUS_WORDS ? t(STATUS_WORDS[status as keyof typeof STATUS_WORDS]) : status);

/** A request's moves between its states: the button's words, its name (with the visitor's) and what is announced. */
const MOVES = {
  backToInbox: { to: 'handled', text: 'backToInbox', label: 'backToInboxLabel', done: 'movedBack' },
  handled: { to: 'handled', text: 'markHandled', label: 'markHandledLabel', done: 'markedHandled' },
  unread: { to: 'new', text: 'markUnread', label: 'markUnreadLabel', done: 'markedUnread' },
  archive: { to: 'archived', text: 'archive', label: 'archiveLabel', done: 'archivedRequest' },
} as const;

/** What a request offers in each state: an archived one goes back to the inbox; the others are handled, unread, archived. */
const movesOf = (status: string): (keyof typeof MOVES)[] =>
  status === 'archived'
    ? ['backToInbox']
    : [...(status !== 'handled' ? (['handled'] as const) : []), ...(status !== 'new' ? (['unread'] as const) : []), 'archive'];

/** A service's name in the admin's language ("Mixing", „Mixaj”), as the declaration words it (src/content/kinds/bookings.ts). */
export const serviceWords = (service: string): string => serviceIn(service, adminLanguage());

export function inboxRoute(backend: ContentAdmin | undefined): RouteObject {
  return {
    path: 'inbox',
    loader: async (): Promise<InboxData> => {
      if (!backend) return { items: [], removed: [] };
      try {
        const [items, removed, mail] = await Promise.all([
          readInbox(backend),
          backend.removedItems(INBOX_LIST).catch(() => []),
          backend.mailStatus?.().catch(() => undefined),
        ]);
        return { items: newestFirst(items), removed, mail };
      } catch {
        return { error: t('inboxUnreadable') };
      }
    },
    action: async ({ request }): Promise<ActionResult> => {
      const payload = (await request.json()) as ListPayload;
      if (!backend) return { ok: false, message: t('saveFailed') };
      if (payload.intent === 'update') return attempt(() => backend.update(INBOX_LIST, payload.id, payload.value as never), t('saveFailed'));
      if (payload.intent === 'remove') return attempt(() => backend.remove(INBOX_LIST, payload.id), t('deleteFailed'));
      return { ok: false, message: t('saveFailed') };
    },
    element: <InboxPage csvUrl={backend?.inboxCsvUrl} />,
  };
}

export function InboxPage(props: { csvUrl?: string }) {
  const data = useLoaderData() as InboxData;
  return (
    <>
      <h1>{t('inboxTitle')}</h1>
      {'error' in data ? (
        <p className="form-error" role="alert">
          {data.error}
        </p>
      ) : (
        <Inbox items={data.items} removed={data.removed} mail={data.mail} csvUrl={props.csvUrl} />
      )}
    </>
  );
}

/** The outbox: off (no mail settings), or notices still failing after their retries (a lasting failure). */
export function MailFailure(props: { mail?: MailStatus }) {
  const { mail } = props;
  if (!mail) return null;
  if (!mail.configured) return <p className="notice">{t('mailOff')}</p>;
  if (mail.failing.length === 0) return null;
  const first = mail.failing.reduce((a, b) => (a.firstTriedAt < b.firstTriedAt ? a : b));
  const last = mail.failing[mail.failing.length - 1]!;
  const count = mail.failing.length;
  return (
    <div className="notice notice--error" role="alert">
      <p>
        <strong>{tCount('mailFailing', count, { since: when(first.firstTriedAt) })}</strong>
      </p>
      <p>
        {fillParts(t('mailLastAnswer'), { answer: <code>{last.lastError}</code> })} {t('mailKeepsTrying', { next: when(last.nextAttemptAt) })}
      </p>
    </div>
  );
}

function Inbox(props: { items: Booking[]; removed: RemovedItem[]; mail?: MailStatus; csvUrl?: string }) {
  const id = useId();
  const changes = useListChanges(INBOX_LIST, id);
  const { busy, offer, offerUndo, confirming, setConfirming, error, announcement, change, restoreRemoved, backend, revalidator } = changes;
  const [view, setView] = useState<'inbox' | 'archived'>('inbox');
  const [open, setOpen] = useState<string | undefined>();
  const archived = props.items.filter((item) => item.status === 'archived');
  const current = props.items.filter((item) => item.status !== 'archived');
  const shown = view === 'inbox' ? current : archived;
  const unread = unreadCount(props.items);

  // The layout's count follows what the page shows (another tab, a request that just came).
  useEffect(() => {
    window.dispatchEvent(new Event(INBOX_CHANGED));
  }, [props.items]);

  const setStatus = (item: Booking, status: Booking['status'], done: string) => {
    const { id: itemId, ...value } = item;
    return change({ intent: 'update', id: itemId, value: { ...value, status } }, done);
  };

  /**
   * Opening a new request marks it read, quietly (no message, no Undo: "Mark unread" is beside it). Should the write
   * fail, it stays "New" in the list, which says so.
   */
  const openItem = (item: Booking) => {
    setOpen(item.id);
    if (item.status !== 'new') return;
    const { id: itemId, ...value } = item;
    backend.update(INBOX_LIST, itemId, { ...value, status: 'read' } as never).then(
      () => revalidator.revalidate(),
      () => undefined,
    );
  };

  const exportCsv = () =>
    download(new Blob([toCsv(props.items)], { type: 'text/csv;charset=utf-8' }), `booking-requests-${new Date().toISOString().slice(0, 10)}.csv`);

  return (
    <>
      <MailFailure mail={props.mail} />
      <ChangeNotices announcement={announcement} offer={offer} onUndoDone={() => offerUndo(undefined)} error={error} />
      <div className="inbox__bar">
        <div className="inbox__views" role="group" aria-label={t('showView')}>
          <button type="button" className="button button--small" aria-pressed={view === 'inbox'} onClick={() => setView('inbox')}>
            {t('requestsView', { count: current.length, unread })}
          </button>
          <button type="button" className="button button--small" aria-pressed={view === 'archived'} onClick={() => setView('archived')}>
            {t('archivedView', { count: archived.length })}
          </button>
        </div>
        {props.items.length > 0 &&
          (props.csvUrl ? (
            <a className="button button--secondary button--small" href={props.csvUrl} download>
              {t('exportCsv')}
            </a>
          ) : (
            <button type="button" className="button button--secondary button--small" onClick={exportCsv}>
              {t('exportCsv')}
            </button>
          ))}
      </div>
      <section aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>{view === 'inbox' ? t('requestsNewest') : t('archivedNewest')}</h2>
        {shown.length === 0 ? (
          <p>{view === 'inbox' ? t('noRequests') : t('nothingArchived')}</p>
        ) : (
          <ol className="items inbox">
            {shown.map((item) => {
              const label = `${item.name} (${serviceWords(item.service)})`;
              const expanded = open === item.id;
              const reply = replyHref(item);
              return (
                <li key={item.id} className={`item inbox__item${item.status === 'new' ? ' inbox__item--new' : ''}`}>
                  <div className="item__text">
                    <span className="item__title">
                      {item.status === 'new' && <span className="badge">{t('newBadge')}</span>} {item.name}
                    </span>
                    <span className="item__meta">
                      {serviceWords(item.service)} · {t('receivedAt', { when: when(item.receivedAt) })} · {statusWords(item.status)}
                    </span>
                  </div>
                  {confirming === item.id ? (
                    <ConfirmRemove
                      groupLabel={t('deleteRequestGroup', { label })}
                      question={t('deleteRequestQuestion', { name: item.name })}
                      yes={t('deleteWord')}
                      cancel={t('cancelWord')}
                      busy={busy}
                      onYes={async () => {
                        setConfirming(undefined);
                        await change({ intent: 'remove', id: item.id }, t('deletedRequest', { name: item.name }));
                      }}
                      onCancel={() => setConfirming(undefined)}
                    />
                  ) : (
                    <div className="actions">
                      <button
                        type="button"
                        className="button button--small"
                        aria-expanded={expanded}
                        aria-controls={`${id}-${item.id}`}
                        aria-label={t(expanded ? 'closeRequest' : 'openRequest', { name: item.name })}
                        onClick={() => (expanded ? setOpen(undefined) : openItem(item))}
                      >
                        {expanded ? t('closeWord') : t('openWord')}
                      </button>
                      {movesOf(item.status).map((key) => {
                        const move = MOVES[key];
                        return (
                          <button
                            key={key}
                            type="button"
                            className="button button--small"
                            disabled={busy}
                            aria-label={t(move.label, { name: item.name })}
                            onClick={() => setStatus(item, move.to, t(move.done, { name: item.name }))}
                          >
                            {t(move.text)}
                          </button>
                        );
                      })}
                      <button
                        type="button"
                        className="button button--small button--danger"
                        disabled={busy}
                        aria-label={t('deleteRequestLabel', { name: item.name })}
                        onClick={() => setConfirming(item.id)}
                      >
                        {t('deleteWord')}
                      </button>
                    </div>
                  )}
                  {expanded && (
                    <div id={`${id}-${item.id}`} className="inbox__open" role="region" aria-label={t('requestFrom', { name: item.name })}>
                      <dl className="inbox__facts">
                        <dt>{t('email')}</dt>
                        <dd>{item.email}</dd>
                        <dt>{t('serviceLabel')}</dt>
                        <dd>{serviceWords(item.service)}</dd>
                        {item.service === LIVE_SERVICE && (
                          <>
                            <dt>{say(bookingsWords.fields.city.label)}</dt>
                            <dd>{item.city || t('notGiven')}</dd>
                            <dt>{say(bookingsWords.fields.venue.label)}</dt>
                            <dd>{item.venue || t('notGiven')}</dd>
                          </>
                        )}
                        <dt>{t('budget')}</dt>
                        <dd>{item.budget || t('notGiven')}</dd>
                        <dt>{t('dateLabel')}</dt>
                        <dd>{item.date || t('notGiven')}</dd>
                        <dt>{t('pageLabel')}</dt>
                        <dd>{item.lang === 'ro' ? t('romanian') : t('english')}</dd>
                      </dl>
                      <p className="inbox__message">{item.message}</p>
                      {reply ? (
                        <a className="button button--primary button--small" href={reply}>
                          {t('replyByEmail')}
                        </a>
                      ) : (
                        <p>{t('cannotReply')}</p>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </section>
      <RemovedItems
        id={id}
        title={t('deletedRequests')}
        items={props.removed}
        nameOf={(item) => `${String(item.value.name ?? t('aVisitor'))} (${serviceWords(String(item.value.service ?? ''))})`}
        removedAt={(at) => t('deletedAt', { at })}
        restore={t('restoreWord')}
        restoreLabel={(name) => t('restoreRequestLabel', { name })}
        busy={busy}
        onRestore={(item) => restoreRemoved(item, t('restoredRequest', { name: String(item.value.name ?? t('aVisitor')) }), t('restoreFailedWord'))}
      />
    </>
  );
}
