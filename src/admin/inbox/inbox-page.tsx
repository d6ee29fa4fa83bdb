/**
 * The inbox (/admin/inbox): the booking requests visitors sent, newest first. Open one to read it; reply in the
 * admin's own mail program (the subject filled); mark it handled or new again; archive it or bring it back; delete
 * it, with Undo and the removed requests restorable (the generic history, docs/decisions/0019); export all as CSV.
 * A lasting failure of the e-mail notices (the outbox) is shown above the list.
 */
import { useEffect, useId, useState } from 'react';
import { useLoaderData, type RouteObject } from 'react-router';
import type { ContentAdmin, ContentListName, MailStatus, RemovedItem } from '../../content/backend';
import { ChangeNotices, ConfirmRemove, RemovedItems } from '../kinds/list-parts';
import { useListChanges, type ListPayload } from '../kinds/use-list-changes';
import { attempt, type ActionResult } from '../kinds/use-route-action';
import { newestFirst, replyHref, serviceName, toCsv, unreadCount, type Booking } from './inbox-model';

/** The list's name, as the content model declares it (src/content/kinds/bookings.ts). */
export const INBOX_LIST = 'bookings' satisfies ContentListName;

export type InboxData = { items: Booking[]; removed: RemovedItem[]; mail?: MailStatus } | { error: string };

/** Tells the layout's "Inbox" link that the unread count may have changed. */
export const INBOX_CHANGED = 'scena:inbox-changed';

/** Reads the requests through the generic list method. */
export const readInbox = (backend: ContentAdmin): Promise<Booking[]> => backend.list(INBOX_LIST);

const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
};

const STATUS_WORDS: Record<string, string> = { new: 'New', handled: 'Handled', archived: 'Archived' };

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
        return { error: 'The inbox could not be loaded. Reload the page to try again.' };
      }
    },
    action: async ({ request }): Promise<ActionResult> => {
      const payload = (await request.json()) as ListPayload;
      if (!backend) return { ok: false, message: 'Save failed' };
      if (payload.intent === 'update') return attempt(() => backend.update(INBOX_LIST, payload.id, payload.value as never), 'Save failed');
      if (payload.intent === 'remove') return attempt(() => backend.remove(INBOX_LIST, payload.id), 'Delete failed');
      return { ok: false, message: 'Save failed' };
    },
    element: <InboxPage csvUrl={backend?.inboxCsvUrl} />,
  };
}

export function InboxPage(props: { csvUrl?: string }) {
  const data = useLoaderData() as InboxData;
  return (
    <>
      <h1>Inbox</h1>
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
  if (!mail.configured)
    return (
      <p className="notice">
        E-mail notices are off (SMTP_URL and MAIL_FROM are not set): new requests arrive only here. See the README, &quot;Booking requests&quot;.
      </p>
    );
  if (mail.failing.length === 0) return null;
  const first = mail.failing.reduce((a, b) => (a.firstTriedAt < b.firstTriedAt ? a : b));
  const last = mail.failing[mail.failing.length - 1]!;
  const count = mail.failing.length;
  return (
    <div className="notice notice--error" role="alert">
      <p>
        <strong>
          E-mail notices are failing: {count} notice{count === 1 ? '' : 's'} not sent since {when(first.firstTriedAt)}.
        </strong>
      </p>
      <p>
        The mail server&apos;s last answer: <code>{last.lastError}</code>. Scena keeps trying (next at {when(last.nextAttemptAt)}); the requests themselves are
        all here. Check SMTP_URL, MAIL_FROM and NOTIFY_TO.
      </p>
    </div>
  );
}

function Inbox(props: { items: Booking[]; removed: RemovedItem[]; mail?: MailStatus; csvUrl?: string }) {
  const id = useId();
  const changes = useListChanges(INBOX_LIST, id);
  const { busy, offer, offerUndo, confirming, setConfirming, error, announcement, change, restoreRemoved } = changes;
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

  const exportCsv = () => {
    const url = URL.createObjectURL(new Blob([toCsv(props.items)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `booking-requests-${new Date().toISOString().slice(0, 10)}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <>
      <MailFailure mail={props.mail} />
      <ChangeNotices announcement={announcement} offer={offer} onUndoDone={() => offerUndo(undefined)} error={error} />
      <div className="inbox__bar">
        <div className="inbox__views" role="group" aria-label="Show">
          <button type="button" className="button button--small" aria-pressed={view === 'inbox'} onClick={() => setView('inbox')}>
            Requests ({current.length}, {unread} unread)
          </button>
          <button type="button" className="button button--small" aria-pressed={view === 'archived'} onClick={() => setView('archived')}>
            Archived ({archived.length})
          </button>
        </div>
        {props.items.length > 0 &&
          (props.csvUrl ? (
            <a className="button button--secondary button--small" href={props.csvUrl} download>
              Export CSV
            </a>
          ) : (
            <button type="button" className="button button--secondary button--small" onClick={exportCsv}>
              Export CSV
            </button>
          ))}
      </div>
      <section aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>{view === 'inbox' ? 'Requests, newest first' : 'Archived requests, newest first'}</h2>
        {shown.length === 0 ? (
          <p>{view === 'inbox' ? 'No booking requests yet. They arrive here from the form on the public page.' : 'Nothing archived.'}</p>
        ) : (
          <ol className="items inbox">
            {shown.map((item) => {
              const label = `${item.name} (${serviceName(item.service)})`;
              const expanded = open === item.id;
              const reply = replyHref(item);
              return (
                <li key={item.id} className={`item inbox__item${item.status === 'new' ? ' inbox__item--new' : ''}`}>
                  <div className="item__text">
                    <span className="item__title">
                      {item.status === 'new' && <span className="badge">New</span>} {item.name}
                    </span>
                    <span className="item__meta">
                      {serviceName(item.service)} · received {when(item.receivedAt)} · {STATUS_WORDS[item.status] ?? item.status}
                    </span>
                  </div>
                  {confirming === item.id ? (
                    <ConfirmRemove
                      groupLabel={`Delete ${label}?`}
                      question={`Delete the request from ${item.name}?`}
                      yes="Delete"
                      cancel="Cancel"
                      busy={busy}
                      onYes={async () => {
                        setConfirming(undefined);
                        await change({ intent: 'remove', id: item.id }, `Deleted the request from ${item.name}.`);
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
                        aria-label={`${expanded ? 'Close' : 'Open'} the request from ${item.name}`}
                        onClick={() => setOpen(expanded ? undefined : item.id)}
                      >
                        {expanded ? 'Close' : 'Open'}
                      </button>
                      {item.status === 'archived' ? (
                        <button
                          type="button"
                          className="button button--small"
                          disabled={busy}
                          aria-label={`Move the request from ${item.name} back to the inbox`}
                          onClick={() => setStatus(item, 'handled', `Moved the request from ${item.name} back to the inbox.`)}
                        >
                          Back to inbox
                        </button>
                      ) : (
                        <>
                          <button
                            type="button"
                            className="button button--small"
                            disabled={busy}
                            aria-label={item.status === 'new' ? `Mark the request from ${item.name} handled` : `Mark the request from ${item.name} new`}
                            onClick={() =>
                              item.status === 'new'
                                ? setStatus(item, 'handled', `Marked the request from ${item.name} handled.`)
                                : setStatus(item, 'new', `Marked the request from ${item.name} new.`)
                            }
                          >
                            {item.status === 'new' ? 'Mark handled' : 'Mark new'}
                          </button>
                          <button
                            type="button"
                            className="button button--small"
                            disabled={busy}
                            aria-label={`Archive the request from ${item.name}`}
                            onClick={() => setStatus(item, 'archived', `Archived the request from ${item.name}.`)}
                          >
                            Archive
                          </button>
                        </>
                      )}
                      <button
                        type="button"
                        className="button button--small button--danger"
                        disabled={busy}
                        aria-label={`Delete the request from ${item.name}`}
                        onClick={() => setConfirming(item.id)}
                      >
                        Delete
                      </button>
                    </div>
                  )}
                  {expanded && (
                    <div id={`${id}-${item.id}`} className="inbox__open" role="region" aria-label={`Request from ${item.name}`}>
                      <dl className="inbox__facts">
                        <dt>E-mail</dt>
                        <dd>{item.email}</dd>
                        <dt>Service</dt>
                        <dd>{serviceName(item.service)}</dd>
                        <dt>Budget</dt>
                        <dd>{item.budget || 'Not given'}</dd>
                        <dt>Date</dt>
                        <dd>{item.date || 'Not given'}</dd>
                        <dt>Page</dt>
                        <dd>{item.lang === 'ro' ? 'Romanian' : 'English'}</dd>
                      </dl>
                      <p className="inbox__message">{item.message}</p>
                      {reply ? (
                        <a className="button button--primary button--small" href={reply}>
                          Reply by e-mail
                        </a>
                      ) : (
                        <p>This address cannot be replied to from here.</p>
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
        title="Deleted requests"
        items={props.removed}
        nameOf={(item) => `${String(item.value.name ?? 'A visitor')} (${serviceName(String(item.value.service ?? ''))})`}
        removedAt={(at) => `Deleted ${at}`}
        restore="Restore"
        restoreLabel={(name) => `Restore the request from ${name}`}
        busy={busy}
        onRestore={(item) => restoreRemoved(item, `Restored the request from ${String(item.value.name ?? 'a visitor')}.`, 'Restore failed')}
      />
    </>
  );
}
