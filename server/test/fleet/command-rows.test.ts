import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { robotCommands, robots } from '../../src/db/schema/index.js';
import { CommandRows } from '../../src/fleet/commands/command-rows.js';
import { freshDatabase } from '../helper.js';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let robot: { id: string; companyId: string };
const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

beforeAll(async () => {
  fresh = await freshDatabase();
  const companyId = randomUUID();
  const [row] = await fresh.db.db
    .insert(robots)
    .values({ companyId, name: 'Server 1', manufacturer: 'Acme', serialNumber: 'S-1', model: 'Server' })
    .returning();
  if (!row) throw new Error('robot not created');
  robot = { id: row.id, companyId };
});

afterAll(async () => {
  await fresh.drop();
});

const goTo = (robotId: string, detail: string) => ({
  companyId: robot.companyId,
  robotId,
  reference: randomUUID(),
  detail,
  status: 'sent' as const,
});

const rowOf = async (id: string) =>
  (await fresh.db.db.select().from(robotCommands).where(eq(robotCommands.id, id)))[0];

describe("the console's own commands and every command's progress, written in batches", () => {
  it("a call's go-to shows on the robot at once with its latest status, issued by no person", async () => {
    const rows = new CommandRows(fresh.db.db, silent);
    const id = rows.add(goTo(robot.id, 'Call: "Table 7" (1.0, 2.0) — 桌 7'));
    rows.update(id, 'running', null);
    await rows.settled();
    expect(await rowOf(id)).toMatchObject({
      robotId: robot.id,
      companyId: robot.companyId,
      type: 'goTo',
      status: 'running',
      detail: 'Call: "Table 7" (1.0, 2.0) — 桌 7',
      issuedBy: null,
    });
    rows.update(id, 'failed', 'the robot \\ took other work');
    await rows.settled();
    expect(await rowOf(id)).toMatchObject({ status: 'failed', detail: 'the robot \\ took other work' });
  });

  it('a command of a robot removed meanwhile is lost alone: the others of its batch are written', async () => {
    const rows = new CommandRows(fresh.db.db, silent);
    const kept = rows.add(goTo(robot.id, 'first'));
    const lost = rows.add(goTo(randomUUID(), 'of a robot gone'));
    const after = rows.add(goTo(robot.id, 'second'));
    rows.update(after, 'finished', null);
    await rows.settled();
    expect((await rowOf(kept))?.status).toBe('sent');
    expect(await rowOf(lost)).toBeUndefined();
    expect((await rowOf(after))?.status).toBe('finished');
  });
});
