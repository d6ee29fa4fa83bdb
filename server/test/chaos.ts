/**
 * One chaos mechanism (docs/decisions/0041-chaos-and-resources.md): the real server (a child process) is killed with
 * SIGKILL in the middle of one kind of job, N times, and after each restart what must hold is checked. A job kind is one
 * entry: its name, how to start the job, how to tell it is under way, and what must hold after the kill and the
 * restart. N is chaosRounds(): a few in `npm test` (CI), 20 in `npm run chaos`. Each kind prints one line: its kills,
 * where they landed, and how many times each thing that must hold held.
 */
import { expect } from 'vitest';
import { FULL_CHAOS } from './runs';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A job under way: the harness kills `kill`'s process (the server doing the job). */
export interface Job {
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface ChaosKind<J extends Job> {
  /** What the server is killed in the middle of, as the printed line says it ("a piece of a chunked upload"). */
  name: string;
  /** How many kills: chaosRounds() unless the kind says otherwise. */
  kills?: number;
  /** Starts round `round`'s job (the server too, when the job runs at its start). */
  start(round: number): Promise<J>;
  /** True once the job is under way: polled every few milliseconds, for at most 60 s. */
  underWay(job: J): Promise<boolean> | boolean;
  /** The kill comes a random pause of up to this many milliseconds after the job is seen under way (default 0: at once). */
  jitterMs?: number;
  /**
   * After the kill: restarts as the kind needs and checks (expect) what must hold. Returns the names of what held (each
   * counted in the printed line) and, when the kind can tell, where the kill landed ("before the rename").
   */
  after(job: J, round: number): Promise<{ held: string[]; landed?: string }>;
  /** After the last round: the last checks (the next job works), with their names. */
  end?(): Promise<string[]>;
}

export interface ChaosReport {
  name: string;
  kills: number;
  landed: Record<string, number>;
  held: Record<string, number>;
  ms: number;
}

/**
 * How many kills a chaos kind runs: `npm run chaos` (SCENA_CHAOS=full) `full` (20) per kind; `npm test` and CI `ci`
 * (the whole chaos set stays under a minute in CI: each kill is at least one server start, 1–2 s of CPU).
 */
export function chaosRounds(ci = 3, full = 20): number {
  return FULL_CHAOS ? full : ci;
}

/**
 * A chaos test's time limit: `baseMs` for its setup and last checks, and `perKillMs` for each kill (a start, the work
 * up to the kill, the checks), so `npm run chaos`'s 20 kills on a busy machine are not cut off at CI's count's limit.
 */
export function chaosTimeout(kills: number, perKillMs = 40_000, baseMs = 60_000): number {
  return baseMs + kills * perKillMs;
}

/** Kills the server in the middle of `kind`'s job, round after round; prints and returns what held. */
export async function killInTheMiddle<J extends Job>(kind: ChaosKind<J>): Promise<ChaosReport> {
  const kills = kind.kills ?? chaosRounds();
  const report: ChaosReport = { name: kind.name, kills: 0, landed: {}, held: {}, ms: 0 };
  const started = performance.now();
  const count = (into: Record<string, number>, names: string[]) => {
    for (const name of names) into[name] = (into[name] ?? 0) + 1;
  };
  for (let round = 0; round < kills; round++) {
    const job = await kind.start(round);
    let seen = false;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      if (await kind.underWay(job)) {
        seen = true;
        break;
      }
      await sleep(2);
    }
    if (!seen) {
      await job.kill('SIGKILL');
      expect.fail(`${kind.name}, round ${round}: the job was never seen under way (60 s)`);
    }
    if (kind.jitterMs) await sleep(Math.floor(Math.random() * kind.jitterMs));
    await job.kill('SIGKILL');
    report.kills++;
    const { held, landed } = await kind.after(job, round);
    count(report.held, held);
    if (landed) count(report.landed, [landed]);
  }
  if (kind.end) count(report.held, await kind.end());
  report.ms = Math.round(performance.now() - started);
  console.log(formatReport(report));
  return report;
}

export function formatReport(r: ChaosReport): string {
  const landed = Object.entries(r.landed)
    .map(([where, n]) => `${where} ${n}`)
    .join(', ');
  const held = Object.entries(r.held)
    .map(([what, n]) => `${what} ${n}/${what.startsWith('next ') ? 1 : r.kills}`)
    .join('; ');
  return `chaos: ${r.name}: ${r.kills} kills in ${(r.ms / 1000).toFixed(1)} s${landed ? ` (landed: ${landed})` : ''}; held: ${held}`;
}
