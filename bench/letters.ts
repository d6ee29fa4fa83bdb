/**
 * bench/letters.ts (`npm run bench`, or `--only=letters`): letters to 10,000 confirmed people (server/fans/).
 * Queueing: the store's one transaction that makes the 10,000 delivery rows. Sending: the real server (a child
 * process, as `npm start` runs it) sends the queued letter to a local SMTP sink (smtp-server, in this process) with
 * no rate set; letters a second from its start until the sink has them all, and the server's peak resident memory
 * (VmHWM of /proc/<pid>/status) meanwhile. Medians of `runs`, each on a fresh database.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { createAccount } from '../server/auth/accounts';
import { openDatabase } from '../server/db/client';
import { letterStore } from '../server/fans/letters';
import { startServer } from '../server/test/child-server';
import { tempDir } from '../server/test/helpers';
import { addFans, manyFans } from '../server/test/letters';
import { smtpSink } from '../server/test/smtp';
import { median, ROOT, round, type Row } from './lib';

const BUDGET = (JSON.parse(readFileSync(join(ROOT, 'bench/budgets.json'), 'utf8')) as { letters: LettersBudget }).letters;

interface LettersBudget {
  people: number;
  runs: number;
  maxQueueMs: number;
  minLettersPerSecond: number;
  maxServerRssMB: number;
}

const peakRssMB = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
};

export async function runLettersBench(log: (message: string) => void = console.log): Promise<Row[]> {
  const queued: number[] = [];
  const rates: number[] = [];
  const peaks: number[] = [];
  for (let run = 0; run < BUDGET.runs; run++) {
    const tmp = tempDir('scena-bench-letters-');
    const sink = await smtpSink({ keep: false });
    try {
      const dbFile = join(tmp.dir, 'scena.db');
      const db = await openDatabase(`file:${dbFile}`);
      await createAccount(db, 'admin@tudorvale.ro', 'violet-harbour-1987');
      await addFans(db, manyFans(BUDGET.people));
      const store = letterStore(db);
      const letter = await store.create({
        subject_en: 'Out now: Neon Rain',
        subject_ro: 'A apărut: Neon Rain',
        body_en: '## Hello\n\nThe **new album** is out: [listen](https://tudorvale.ro/en/).\n\n- nine tracks\n- rain on the Someș',
        body_ro: '## Salut\n\nAlbumul **nou** a apărut: [ascultă-l](https://tudorvale.ro/ro/).\n\n- nouă piese\n- ploaie pe Someș',
      });
      const t0 = performance.now();
      const n = await store.queue(letter.id);
      queued.push(performance.now() - t0);
      db.close();
      if (n !== BUDGET.people) throw new Error(`queued ${n}, not ${BUDGET.people}`);

      const started = performance.now();
      const server = await startServer({
        DATABASE_URL: dbFile,
        DIST_DIR: join(tmp.dir, 'no-dist'),
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        MAIL_FROM: 'letters@tudorvale.ro',
      });
      let peak = 0;
      try {
        const deadline = Date.now() + 300_000;
        while (sink.received.length < BUDGET.people && Date.now() < deadline) {
          peak = Math.max(peak, peakRssMB(server.proc.pid!));
          await new Promise((r) => setTimeout(r, 50));
        }
        peak = Math.max(peak, peakRssMB(server.proc.pid!));
      } finally {
        await server.kill('SIGTERM');
      }
      const seconds = (performance.now() - started) / 1000;
      if (sink.received.length < BUDGET.people) throw new Error(`only ${sink.received.length} of ${BUDGET.people} arrived in 5 minutes`);
      rates.push(BUDGET.people / seconds);
      peaks.push(peak);
      log(
        `letters run ${run + 1}/${BUDGET.runs}: queued ${BUDGET.people} in ${round(queued.at(-1)!)} ms; sent in ${round(seconds, 1)} s (${round(rates.at(-1)!)}/s, from the server's start); peak RSS ${round(peak)} MB`,
      );
    } finally {
      await sink.close();
      tmp.remove();
    }
  }
  const q = round(median(queued));
  const r = round(median(rates));
  const m = round(median(peaks));
  const note = `median of ${BUDGET.runs}; load average ${loadavg()[0]!.toFixed(2)}`;
  return [
    {
      name: `Queueing a letter to ${BUDGET.people} confirmed people (one transaction)`,
      value: q,
      budget: `<= ${BUDGET.maxQueueMs}`,
      unit: 'ms',
      pass: q <= BUDGET.maxQueueMs,
      note: `runs ${queued.map((x) => round(x)).join(', ')} ms; ${note}`,
    },
    {
      name: `Sending it to a local SMTP sink, no rate set (from the server's start)`,
      value: r,
      budget: `>= ${BUDGET.minLettersPerSecond}`,
      unit: 'letters/s',
      pass: r >= BUDGET.minLettersPerSecond,
      note: `runs ${rates.map((x) => round(x)).join(', ')}/s; ${note}`,
    },
    {
      name: `The server's peak memory while sending`,
      value: m,
      budget: `<= ${BUDGET.maxServerRssMB}`,
      unit: 'MB RSS',
      pass: m <= BUDGET.maxServerRssMB,
      note: `runs ${peaks.map((x) => round(x)).join(', ')} MB; ${note}`,
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await runLettersBench();
  for (const row of rows)
    console.log(`${row.pass ? 'PASS' : 'FAIL'}  ${row.name}: ${row.value} ${row.unit} (budget ${row.budget} ${row.unit})  ${row.note ?? ''}`);
  process.exit(rows.some((row) => !row.pass) ? 1 : 0);
}
