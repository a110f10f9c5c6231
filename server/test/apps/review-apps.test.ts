import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberships, users } from '../../src/db/schema/index.js';
import { companyIdOf, demoTokens, demoUserIds, loginInto } from '../demo.js';
import { buildTestApp, call, type TestApp } from '../helper.js';
import { createApp, openCall, tokenOf } from './apps-fixture.js';

/*
 * An application outlives its creator (APPS-REVIEW): when whoever created it leaves the company or is disabled,
 * it keeps working and is flagged; the owner takes it over. This file removes Acme's administrator, so it has an
 * app of its own.
 */

let t: TestApp;
let tok: Record<'owner' | 'admin', string>;
let ids: Record<'owner' | 'admin' | 'solo' | 'super', string>;
/** An application Acme's administrator made in the subsidiary Acme East, and the owner's token there. */
let eastApp: string;
let ownerEast: string;

beforeAll(async () => {
  t = await buildTestApp();
  tok = await demoTokens(t, 'owner', 'admin');
  ids = await demoUserIds(t, 'owner', 'admin', 'solo', 'super');
  ownerEast = await loginInto(t, 'owner@acme.test', 'Acme East');
});
afterAll(async () => {
  await t?.close();
});

const listed = async (id: string, token = tok.owner) =>
  (await call(t.app, 'listApiApps', { token })).body.data.find((a) => a.id === id);

describe('applications whose creator left', () => {
  it('APPS-REVIEW: a parent company’s administrator acting in a subsidiary, or a super admin without a membership, has not left', async () => {
    // Acme's administrator has no membership in Acme East: they act there as Acme's administrator.
    const adminEast = await loginInto(t, 'admin@acme.test', 'Acme East');
    eastApp = (await createApp(t, adminEast, { name: 'East integration' })).id;
    expect(await listed(eastApp, ownerEast)).toMatchObject({
      needsReview: false,
      createdBy: { id: ids.admin, name: 'Adam Alvarez' },
    });
    // A super admin acts in any company; without a membership there they have not left it either.
    await t.directory.db
      .delete(memberships)
      .where(
        and(eq(memberships.userId, ids.super), eq(memberships.companyId, await companyIdOf(t, 'Solo Café'))),
      );
    const superSolo = await loginInto(t, 'super@fleet.test', 'Solo Café');
    const soloApp = await createApp(t, superSolo, { name: 'Made by the operator' });
    expect(await listed(soloApp.id, superSolo)).toMatchObject({
      needsReview: false,
      createdBy: { id: ids.super },
    });
    const reviewed = await call(t.app, 'reviewApiApp', { token: superSolo, params: { id: soloApp.id } });
    expect(reviewed.status, reviewed.body.info).toBe(200);
    expect(reviewed.body.data).toMatchObject({ needsReview: false, createdBy: { id: ids.super } });
  });

  it('APPS-REVIEW: an administrator’s application keeps working after they are removed, flagged for review; the owner takes it over', async () => {
    const app = await createApp(t, tok.admin, { name: 'Left behind' });
    const token = await tokenOf(t, app);
    expect(await listed(app.id)).toMatchObject({
      needsReview: false,
      createdBy: { id: ids.admin, name: 'Adam Alvarez' },
    });

    const removed = await call(t.app, 'removePerson', { token: tok.owner, body: { id: ids.admin } });
    expect(removed.status, removed.body.info).toBe(200);
    expect(await listed(app.id)).toMatchObject({
      needsReview: true,
      status: 'active',
      createdBy: { id: ids.admin, name: 'Adam Alvarez' },
    });
    // Gone from Acme, they no longer act in its subsidiary either.
    expect((await listed(eastApp, ownerEast))?.needsReview).toBe(true);
    // It keeps working: its token and its secret.
    expect((await openCall(t, 'openRobots', token)).status).toBe(200);
    expect((await openCall(t, 'openApp', await tokenOf(t, app))).status).toBe(200);

    // Another administrator may not take it over: only the owner reviews.
    const added = await call(t.app, 'createPerson', {
      token: tok.owner,
      body: { firstName: 'Sofia', lastName: 'Solano', email: 'solo@solo.test', role: 'admin' },
    });
    expect(added.status, added.body.info).toBe(200);
    const otherAdmin = await loginInto(t, 'solo@solo.test', 'Acme Robotics');
    expect((await call(t.app, 'listApiApps', { token: otherAdmin })).status).toBe(200);
    const refused = await call(t.app, 'reviewApiApp', { token: otherAdmin, params: { id: app.id } });
    expect(refused.status).toBe(403);
    expect((await listed(app.id))?.needsReview).toBe(true);

    const reviewed = await call(t.app, 'reviewApiApp', { token: tok.owner, params: { id: app.id } });
    expect(reviewed.status, reviewed.body.info).toBe(200);
    expect(reviewed.body.data).toMatchObject({
      needsReview: false,
      createdBy: { id: ids.owner, name: 'Olivia Owens' },
    });
    expect(await listed(app.id)).toMatchObject({ needsReview: false, createdBy: { id: ids.owner } });
    expect((await openCall(t, 'openRobots', token)).status).toBe(200);
    const [row] = await t.directory.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'apiApp.review'), eq(auditLog.targetId, app.id)));
    expect(row).toMatchObject({
      actorId: ids.owner,
      detail: { name: 'Left behind', formerCreatorId: ids.admin },
    });
  });

  it('APPS-REVIEW: an application whose creator’s account is disabled is flagged for review too', async () => {
    const otherAdmin = await loginInto(t, 'solo@solo.test', 'Acme Robotics');
    const app = await createApp(t, otherAdmin, { name: 'Disabled creator' });
    expect((await listed(app.id))?.needsReview).toBe(false);
    await t.directory.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, ids.solo));
    expect(await listed(app.id)).toMatchObject({ needsReview: true, createdBy: { id: ids.solo } });
    expect((await openCall(t, 'openApp', await tokenOf(t, app))).status).toBe(200);
  });
});
