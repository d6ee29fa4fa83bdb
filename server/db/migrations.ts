/**
 * Numbered schema migrations, run in order at start. Each runs in one transaction together with
 * the row that records it, so a crash leaves a migration either wholly applied or not at all.
 * Never edit a migration that has shipped: add the next number.
 */
import type { Database } from './database';

export interface Migration {
  version: number;
  name: string;
  sql: string[];
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'content, accounts, sessions',
    sql: [
      `CREATE TABLE settings (
        id TEXT PRIMARY KEY CHECK (id = 'main'),
        data TEXT NOT NULL CHECK (json_valid(data) AND json_type(data) = 'object')
      ) STRICT`,
      `CREATE TABLE stats (
        id TEXT PRIMARY KEY CHECK (id = 'main'),
        monthly_listeners INTEGER NOT NULL CHECK (monthly_listeners >= 0)
      ) STRICT`,
      `CREATE TABLE releases (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        meta TEXT NOT NULL,
        url TEXT NOT NULL,
        position INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT`,
      `CREATE INDEX releases_position ON releases (position, created_at)`,
      `CREATE TABLE collaborators (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        role TEXT NOT NULL,
        position INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT`,
      `CREATE INDEX collaborators_position ON collaborators (position, created_at)`,
      // Bumped in the same transaction as every content write: the page cache compares it.
      `CREATE TABLE content_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL) STRICT`,
      `INSERT INTO content_version (id, version) VALUES (1, 1)`,
      `CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT`,
      // Only a SHA-256 of each session token is stored: a copy of the database signs no one in.
      `CREATE TABLE sessions (
        token_hash BLOB PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL
      ) STRICT`,
      `CREATE INDEX sessions_account ON sessions (account_id)`,
      `CREATE TABLE login_throttle (
        key TEXT PRIMARY KEY,
        failures INTEGER NOT NULL,
        window_start INTEGER NOT NULL,
        locked_until INTEGER NOT NULL
      ) STRICT`,
    ],
  },
  {
    version: 2,
    name: 'sign-in throttle counts attempts; server secrets',
    sql: [
      // The throttle now counts each attempt before its password is checked, and forgets a key after a
      // quiet period since its latest attempt (docs/decisions/0016-sign-in-abuse.md): window_start was
      // the start of a fixed window; last_at is that latest attempt. attempt names the attempt that
      // last counted on the key, so one transaction can tell its own lock from an earlier one.
      `ALTER TABLE login_throttle RENAME COLUMN window_start TO last_at`,
      `ALTER TABLE login_throttle ADD COLUMN attempt TEXT`,
      // Pruning deletes by last_at.
      `CREATE INDEX login_throttle_last_at ON login_throttle (last_at)`,
      // Keys the server makes for itself at first need (the device cookies' HMAC key). Not restored
      // from a backup: a restore keeps this server's keys.
      `CREATE TABLE server_secrets (
        name TEXT PRIMARY KEY,
        value BLOB NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT`,
    ],
  },
  {
    version: 3,
    name: 'content as JSON documents and items, generic over the declarations; history',
    sql: [
      // Every kind of content in two tables whatever its fields (docs/decisions/0019-history-and-undo.md):
      // a singleton is one JSON document, a list item one JSON row with its position. A new kind or field
      // needs no table and no column; the declarations' zod schemas check every value on its way in.
      `CREATE TABLE singletons (
        kind TEXT PRIMARY KEY,
        data TEXT NOT NULL CHECK (json_valid(data) AND json_type(data) = 'object')
      ) STRICT`,
      `CREATE TABLE list_items (
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        data TEXT NOT NULL CHECK (json_valid(data) AND json_type(data) = 'object'),
        position INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (kind, id)
      ) STRICT`,
      `CREATE INDEX list_items_position ON list_items (kind, position, created_at)`,
      `INSERT INTO singletons (kind, data) SELECT 'settings', data FROM settings`,
      `INSERT INTO singletons (kind, data) SELECT 'stats', json_object('monthlyListeners', monthly_listeners) FROM stats`,
      `INSERT INTO list_items (kind, id, data, position, created_at)
        SELECT 'releases', id, json_object('title', title, 'meta', meta, 'url', url), position, created_at FROM releases`,
      `INSERT INTO list_items (kind, id, data, position, created_at)
        SELECT 'collaborators', id, json_object('name', name, 'role', role), position, created_at FROM collaborators`,
      'DROP TABLE settings',
      'DROP TABLE stats',
      'DROP TABLE releases',
      'DROP TABLE collaborators',
      // The old tables' names and columns, read-only, for the tools and tests that read them.
      `CREATE VIEW settings AS SELECT 'main' AS id, data FROM singletons WHERE kind = 'settings'`,
      `CREATE VIEW stats AS SELECT 'main' AS id, json_extract(data, '$.monthlyListeners') AS monthly_listeners FROM singletons WHERE kind = 'stats'`,
      `CREATE VIEW releases AS SELECT id, json_extract(data, '$.title') AS title, json_extract(data, '$.meta') AS meta,
        json_extract(data, '$.url') AS url, position, created_at FROM list_items WHERE kind = 'releases'`,
      `CREATE VIEW collaborators AS SELECT id, json_extract(data, '$.name') AS name, json_extract(data, '$.role') AS role,
        position, created_at FROM list_items WHERE kind = 'collaborators'`,
      // One row per version of a singleton ('main') or list item, written in the same transaction as the
      // change; the last 50 per item are kept. value is NULL after a remove.
      `CREATE TABLE history (
        kind TEXT NOT NULL,
        item TEXT NOT NULL,
        version INTEGER NOT NULL CHECK (version >= 1),
        at TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('create', 'update', 'remove', 'restore')),
        value TEXT CHECK (value IS NULL OR (json_valid(value) AND json_type(value) = 'object')),
        changed TEXT NOT NULL CHECK (json_valid(changed) AND json_type(changed) = 'array'),
        PRIMARY KEY (kind, item, version)
      ) STRICT`,
      // What exists today becomes its first version, so that every item has one to go back to.
      `INSERT INTO history (kind, item, version, at, action, value, changed)
        SELECT kind, 'main', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'create', data, (SELECT json_group_array(key) FROM json_each(data)) FROM singletons`,
      `INSERT INTO history (kind, item, version, at, action, value, changed)
        SELECT kind, id, 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'create', data, (SELECT json_group_array(key) FROM json_each(data)) FROM list_items`,
    ],
  },
  {
    version: 4,
    name: "booking requests: their e-mail outbox and the visitors' counts",
    sql: [
      // A booking request itself is a list item (kind 'bookings'); its e-mail notice waits here, written in the
      // same transaction (docs/decisions/0025-booking-requests.md). state: pending until sent, then sent; failed
      // when given up. claimed_until: a sender holds the row until then, so two senders never send one notice.
      `CREATE TABLE booking_outbox (
        booking_id TEXT PRIMARY KEY,
        state TEXT NOT NULL CHECK (state IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        first_tried_at INTEGER,
        next_attempt_at INTEGER NOT NULL,
        claimed_until INTEGER NOT NULL DEFAULT 0,
        last_error TEXT NOT NULL DEFAULT '',
        sent_at INTEGER
      ) STRICT`,
      `CREATE INDEX booking_outbox_due ON booking_outbox (state, next_attempt_at)`,
      // Requests counted per client address and for the whole site, in windows of an hour.
      `CREATE TABLE booking_counts (
        key TEXT PRIMARY KEY,
        window_start INTEGER NOT NULL,
        count INTEGER NOT NULL
      ) STRICT`,
    ],
  },
  {
    version: 5,
    name: "audience: the day's salt, raw events (30 days), daily rollups (kept)",
    sql: [
      // Fan numbers without cookies (docs/decisions/0026-audience-without-cookies.md). The one random salt
      // of the current day (in the artist's zone); the previous day's row is deleted when the day changes.
      `CREATE TABLE audience_salt (day INTEGER PRIMARY KEY, salt BLOB NOT NULL CHECK (length(salt) = 32)) STRICT`,
      // Raw events, deleted after 30 days. No address, no User-Agent, no time of day: the day, the day's
      // visitor hash, the event's type (AUDIENCE_EVENTS' index), the page, its language, the source, the
      // platform, the release and the device class (DEVICES' index).
      `CREATE TABLE audience_events (
        day INTEGER NOT NULL,
        visitor INTEGER NOT NULL,
        type INTEGER NOT NULL CHECK (type BETWEEN 0 AND 5),
        path TEXT,
        lang TEXT,
        source TEXT,
        platform TEXT,
        release TEXT,
        device INTEGER NOT NULL CHECK (device BETWEEN 0 AND 2)
      ) STRICT`,
      `CREATE INDEX audience_events_day ON audience_events (day, type)`,
      // Rollups, one set per finished day, kept forever. A day has its audience_daily row once rolled up.
      `CREATE TABLE audience_daily (
        day INTEGER PRIMARY KEY,
        visitors INTEGER NOT NULL, views INTEGER NOT NULL, clicks INTEGER NOT NULL, plays INTEGER NOT NULL,
        booking INTEGER NOT NULL, newsletter_loaded INTEGER NOT NULL, newsletter_failed INTEGER NOT NULL
      ) STRICT`,
      `CREATE TABLE audience_pages (day INTEGER NOT NULL, path TEXT NOT NULL, lang TEXT NOT NULL, views INTEGER NOT NULL,
        visitors INTEGER NOT NULL, PRIMARY KEY (day, path, lang)) STRICT, WITHOUT ROWID`,
      `CREATE TABLE audience_sources (day INTEGER NOT NULL, source TEXT NOT NULL, visitors INTEGER NOT NULL,
        PRIMARY KEY (day, source)) STRICT, WITHOUT ROWID`,
      `CREATE TABLE audience_platforms (day INTEGER NOT NULL, platform TEXT NOT NULL, clicks INTEGER NOT NULL,
        PRIMARY KEY (day, platform)) STRICT, WITHOUT ROWID`,
      `CREATE TABLE audience_releases (day INTEGER NOT NULL, slug TEXT NOT NULL, views INTEGER NOT NULL, clicks INTEGER NOT NULL,
        plays INTEGER NOT NULL, PRIMARY KEY (day, slug)) STRICT, WITHOUT ROWID`,
      `CREATE TABLE audience_devices (day INTEGER NOT NULL, device INTEGER NOT NULL, visitors INTEGER NOT NULL,
        PRIMARY KEY (day, device)) STRICT, WITHOUT ROWID`,
    ],
  },
  {
    version: 6,
    name: "services as content: the spec's four, in a database that already holds content",
    sql: [
      // The Services section's four services were words of the page; now they are list items the admin edits
      // (src/content/kinds/services.ts). A database in use gets the words it showed, with their first version; a new
      // database gets them from the first-start content (seedFirstStart), so nothing is written into an empty one.
      // Written out here, not read from the seed: a shipped migration never changes.
      `CREATE TEMP TABLE seed_services (id TEXT, position INTEGER, data TEXT)`,
      `INSERT INTO seed_services (id, position, data) VALUES
        ('seed-beats', 0, json_object('priceFrom', 0, 'currency', 'EUR', 'priceNote_en', '', 'priceNote_ro', '', 'daysFrom', 0, 'daysTo', 0, 'included_en', '', 'included_ro', '', 'title_en', 'Custom beats', 'title_ro', 'Beaturi personalizate', 'description_en', 'Original instrumentals built around your voice, your story and your deadline.', 'description_ro', 'Instrumentale originale construite în jurul vocii tale, al poveștii tale și al termenului tău.', 'booking', 'beat')),
        ('seed-mixing', 1, json_object('priceFrom', 0, 'currency', 'EUR', 'priceNote_en', '', 'priceNote_ro', '', 'daysFrom', 0, 'daysTo', 0, 'included_en', '', 'included_ro', '', 'title_en', 'Mixing', 'title_ro', 'Mixaj', 'description_en', 'Clear vocals, punchy drums and space for every element, ready for any speaker.', 'description_ro', 'Voce clară, tobe puternice și loc pentru fiecare element, gata pentru orice boxă.', 'booking', 'mixing')),
        ('seed-mastering', 2, json_object('priceFrom', 0, 'currency', 'EUR', 'priceNote_en', '', 'priceNote_ro', '', 'daysFrom', 0, 'daysTo', 0, 'included_en', '', 'included_ro', '', 'title_en', 'Mastering', 'title_ro', 'Masterizare', 'description_en', 'Loud, balanced masters that translate to streaming, radio and the club.', 'description_ro', 'Mastere puternice și echilibrate, care sună bine pe streaming, la radio și în club.', 'booking', 'mastering')),
        ('seed-collabs', 3, json_object('priceFrom', 0, 'currency', 'EUR', 'priceNote_en', '', 'priceNote_ro', '', 'daysFrom', 0, 'daysTo', 0, 'included_en', '', 'included_ro', '', 'title_en', 'Collabs', 'title_ro', 'Colaborări', 'description_en', 'Features, co-writes and joint releases with artists who want to try something new.', 'description_ro', 'Featuring-uri, piese scrise împreună și lansări comune cu artiști care vor să încerce ceva nou.', 'booking', 'collab'))`,
      `INSERT INTO list_items (kind, id, data, position, created_at)
        SELECT 'services', id, data, position, CAST(strftime('%s', 'now') AS INTEGER) * 1000 FROM seed_services
        WHERE EXISTS (SELECT 1 FROM history) AND NOT EXISTS (SELECT 1 FROM list_items WHERE kind = 'services')`,
      `INSERT INTO history (kind, item, version, at, action, value, changed)
        SELECT 'services', id, 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'create', data, (SELECT json_group_array(key) FROM json_each(data))
        FROM list_items WHERE kind = 'services' AND NOT EXISTS (SELECT 1 FROM history h WHERE h.kind = 'services' AND h.item = list_items.id)`,
      `DROP TABLE seed_services`,
    ],
  },
  {
    version: 7,
    name: 'audience: sample plays and Before / After switches (raw, and a daily rollup per sample)',
    sql: [
      // Two event types more (AUDIENCE_EVENTS: sample-play 6, sample-switch 7) and the sample's id they name
      // (docs/decisions/0027-audio-with-ffmpeg.md). SQLite cannot change a CHECK: the table is made again, its rows
      // copied in their order (the report reads today's rows as one run from the day's first rowid).
      `CREATE TABLE audience_events_next (
        day INTEGER NOT NULL,
        visitor INTEGER NOT NULL,
        type INTEGER NOT NULL CHECK (type BETWEEN 0 AND 7),
        path TEXT,
        lang TEXT,
        source TEXT,
        platform TEXT,
        release TEXT,
        device INTEGER NOT NULL CHECK (device BETWEEN 0 AND 2),
        sample TEXT
      ) STRICT`,
      `INSERT INTO audience_events_next (day, visitor, type, path, lang, source, platform, release, device)
        SELECT day, visitor, type, path, lang, source, platform, release, device FROM audience_events ORDER BY rowid`,
      `DROP TABLE audience_events`,
      `ALTER TABLE audience_events_next RENAME TO audience_events`,
      `CREATE INDEX audience_events_day ON audience_events (day, type)`,
      `CREATE TABLE audience_samples (day INTEGER NOT NULL, sample TEXT NOT NULL, plays INTEGER NOT NULL, switches INTEGER NOT NULL,
        PRIMARY KEY (day, sample)) STRICT, WITHOUT ROWID`,
    ],
  },
  {
    version: 8,
    name: 'audience: show ticket clicks and calendar downloads (raw, and a daily rollup per show)',
    sql: [
      // Two event types more (AUDIENCE_EVENTS: show-ticket 8, show-calendar 9) and the show's id they name (issue 23;
      // docs/decisions/0033-shows-model.md). The table is made again as migration 7 made it, its rows copied in order.
      `CREATE TABLE audience_events_next (
        day INTEGER NOT NULL,
        visitor INTEGER NOT NULL,
        type INTEGER NOT NULL CHECK (type BETWEEN 0 AND 9),
        path TEXT,
        lang TEXT,
        source TEXT,
        platform TEXT,
        release TEXT,
        device INTEGER NOT NULL CHECK (device BETWEEN 0 AND 2),
        sample TEXT,
        show TEXT
      ) STRICT`,
      `INSERT INTO audience_events_next (day, visitor, type, path, lang, source, platform, release, device, sample)
        SELECT day, visitor, type, path, lang, source, platform, release, device, sample FROM audience_events ORDER BY rowid`,
      `DROP TABLE audience_events`,
      `ALTER TABLE audience_events_next RENAME TO audience_events`,
      `CREATE INDEX audience_events_day ON audience_events (day, type)`,
      `CREATE TABLE audience_shows (day INTEGER NOT NULL, show TEXT NOT NULL, tickets INTEGER NOT NULL, calendars INTEGER NOT NULL,
        PRIMARY KEY (day, show)) STRICT, WITHOUT ROWID`,
    ],
  },
  {
    version: 9,
    name: "fans: the artist's own list (subscribers with their consent, erased addresses)",
    sql: [
      // Issue 28 (docs/decisions/0035-fans-by-email.md). One row per address; the status moves waiting → confirmed →
      // unsubscribed, or → bounced (never mailed again). A new sign-up of an unsubscribed address starts it again at
      // waiting with a new token_seed (the old links then unsubscribe nobody). No IP address is ever stored.
      `CREATE TABLE subscribers (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(email) BETWEEN 3 AND 254),
        lang TEXT NOT NULL CHECK (lang IN ('en', 'ro')),
        status TEXT NOT NULL CHECK (status IN ('waiting', 'confirmed', 'unsubscribed', 'bounced')),
        -- Random bytes the subscriber's link tokens are made from (server/fans/tokens.ts): new at each sign-up.
        token_seed BLOB NOT NULL,
        -- When and where they signed up: 'form' with the page's path, or 'import' with the file's origin ('kit', 'mailchimp', 'csv').
        signed_up_at INTEGER NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('form', 'import')),
        source_detail TEXT NOT NULL DEFAULT '',
        -- The consent line they saw, by version (server/fans/consent.ts keeps each version's words in both languages).
        consent_version INTEGER NOT NULL,
        consent_text TEXT NOT NULL,
        confirmation_sent_at INTEGER,
        confirmed_at INTEGER,
        confirmed_by TEXT CHECK (confirmed_by IN ('form', 'import')),
        unsubscribed_at INTEGER,
        bounced_at INTEGER,
        bounce_reason TEXT,
        updated_at INTEGER NOT NULL
      ) STRICT`,
      `CREATE INDEX subscribers_status ON subscribers (status, id)`,
      `CREATE INDEX subscribers_signed_up ON subscribers (signed_up_at)`,
      // An erased person: only a salted hash of the address (the salt is a server secret), so an import cannot add
      // them back; nothing else about them is kept anywhere.
      `CREATE TABLE subscribers_erased (email_hash BLOB PRIMARY KEY, erased_at INTEGER NOT NULL) STRICT, WITHOUT ROWID`,
    ],
  },
  {
    version: 10,
    name: 'fans: letters and their durable sending queue',
    sql: [
      // A letter: subject and body per language (the body in the small safe format, server/fans/letter-format.ts).
      // release: the release a release-day letter was drafted from (sent once, when that release becomes public).
      `CREATE TABLE letters (
        id TEXT PRIMARY KEY,
        status TEXT NOT NULL CHECK (status IN ('draft', 'scheduled', 'sending', 'sent', 'cancelled')),
        subject_en TEXT NOT NULL,
        subject_ro TEXT NOT NULL,
        body_en TEXT NOT NULL,
        body_ro TEXT NOT NULL,
        release TEXT,
        send_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        queued_at INTEGER,
        finished_at INTEGER
      ) STRICT`,
      `CREATE UNIQUE INDEX letters_release ON letters (release) WHERE release IS NOT NULL`,
      // One row per letter and person, made in one transaction when the letter is queued: the primary key is what
      // makes "nobody gets a letter twice" a property of the database. A row is claimed ('sending') before its mail
      // goes out and marked 'sent' after the SMTP server accepted it; a row still 'sending' at a start was in flight
      // at a crash: it becomes 'uncertain' and is never sent again.
      `CREATE TABLE letter_deliveries (
        letter TEXT NOT NULL REFERENCES letters (id) ON DELETE CASCADE,
        subscriber INTEGER NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
        lang TEXT NOT NULL CHECK (lang IN ('en', 'ro')),
        state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'retrying', 'bounced', 'uncertain', 'skipped', 'cancelled')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_at INTEGER NOT NULL,
        claimed_at INTEGER,
        sent_at INTEGER,
        error TEXT,
        PRIMARY KEY (letter, subscriber)
      ) STRICT, WITHOUT ROWID`,
      `CREATE INDEX letter_deliveries_due ON letter_deliveries (state, next_at)`,
      `CREATE INDEX letter_deliveries_subscriber ON letter_deliveries (subscriber)`,
    ],
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

export async function schemaVersion(db: Pick<Database, 'client'>): Promise<number> {
  await db.client.execute('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  const rs = await db.client.execute('SELECT coalesce(max(version), 0) AS v FROM schema_migrations');
  return Number(rs.rows[0]!.v);
}

export async function migrate(db: Database): Promise<number[]> {
  const current = await schemaVersion(db);
  if (current > SCHEMA_VERSION) {
    throw new Error(`The database's schema (version ${current}) is newer than this server knows (${SCHEMA_VERSION}): update Scena.`);
  }
  const applied: number[] = [];
  for (const m of MIGRATIONS.filter((x) => x.version > current)) {
    await db.write([...m.sql, { sql: 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', args: [m.version, m.name, Date.now()] }]);
    applied.push(m.version);
  }
  return applied;
}
