import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Listen } from '../robot-changes.js';
import type { HistoryNote, HistoryRecorder } from './history-recorder.js';

/** The PostgreSQL channel the instances tell each other the history's notes on. */
export const NOTES_CHANNEL = 'fc_history_notes';

interface Told {
  /** The instance that made the note: it heard it already. */
  from: string;
  note: HistoryNote;
}

/**
 * Among several instances on one database, a command's purpose (a delivery, a call), an operator's intervention
 * and the end of a lift ride are known to the instance that sent the command or ran the ride, while the robot's
 * task may be written by another (its owner). Each note is told to every instance over PostgreSQL's NOTIFY, and
 * every instance's ledgers hear it, as they hear every robot's messages: the owner then records the task as what it
 * was, counts the intervention, and ends a ride's task. A task ends on the robot's message, which comes later than
 * the command's note; a note lost while the link is down leaves a task as a cruise, as before.
 */
export async function shareHistoryNotes(opts: {
  listen: Listen;
  reg: Db;
  history: HistoryRecorder;
  /** This instance's id among the others. */
  self: string;
  log: FastifyBaseLogger;
}): Promise<{ close(): Promise<void> }> {
  const { reg, history, self, log } = opts;
  const link = await opts.listen(NOTES_CHANNEL, {
    onMessage: (payload) => {
      let told: Told;
      try {
        told = JSON.parse(payload) as Told;
      } catch {
        log.warn({ payload }, 'fleet: a history note that is not JSON was left out');
        return;
      }
      if (told.from !== self && told.note) history.hear(told.note);
    },
    onLink: () => {
      // Notes told while the link was down are not told again: their tasks are written as cruises.
    },
  });
  history.shareNotes((note) => {
    const payload = JSON.stringify({ from: self, note } satisfies Told);
    reg.execute(sql`select pg_notify(${NOTES_CHANNEL}, ${payload})`).catch((err: unknown) => {
      log.warn({ err, note }, 'fleet: a history note was not told to the other instances');
    });
  });
  return link;
}
