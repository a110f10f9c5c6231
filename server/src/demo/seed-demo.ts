import { count } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import type { Db } from '../db/client.js';
import { buildings, companies, memberships, users } from '../db/schema/index.js';
import type { ObjectStore } from '../storage/object-store.js';
import { seedDemoAudio } from './demo-audio.js';
import { seedDemoDevices } from './demo-devices.js';
import { seedDemoHistory } from './demo-history.js';
import { seedDemoLifts } from './demo-lifts.js';
import { seedDemoRobots } from './demo-robots.js';
import { seedDemoSites } from './demo-sites.js';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = [
  { email: 'owner@acme.test', who: 'owner of Acme Robotics (and its subsidiaries), audio enabled' },
  { email: 'admin@acme.test', who: 'administrator of Acme Robotics' },
  { email: 'staff@acme.test', who: 'staff of Acme Robotics and of Solo Café, audio not enabled' },
  { email: 'solo@solo.test', who: 'owner of Solo Café' },
  { email: 'super@fleet.test', who: 'super admin, owner of Fleet HQ, administrator everywhere else' },
] as const;

export async function isEmpty(dir: Db): Promise<boolean> {
  const [row] = await dir.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * The demo of the README: every rule of the spec can be tried with these companies and accounts.
 * Directory rows in one transaction, regional rows in another (they may be different databases). With a
 * store, the demo floors get their floor-plan images.
 */
export async function seedDemo(
  dir: Db,
  reg: Db,
  region = 'US',
  store: ObjectStore | null = null,
  /** The demo robots' past weeks for /analysis; API tests that do not read them leave them out. */
  options: { history?: boolean } = {},
): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = await dir.transaction(async (tx) => {
    const [acme, solo, hq] = await tx
      .insert(companies)
      .values([
        { name: 'Acme Robotics', region },
        { name: 'Solo Café', region },
        { name: 'Fleet HQ', region },
      ])
      .returning({ id: companies.id });
    if (!acme || !solo || !hq) throw new Error('demo companies not created');
    const [east, west] = await tx
      .insert(companies)
      .values([
        { name: 'Acme East', region, parentId: acme.id },
        { name: 'Acme West', region, parentId: acme.id },
      ])
      .returning({ id: companies.id });
    if (!east || !west) throw new Error('demo subsidiaries not created');
    const person = (
      email: string,
      firstName: string,
      lastName: string,
      phoneNumber: string,
      isSuperAdmin = false,
    ) => ({
      email,
      firstName,
      lastName,
      phonePrefix: '+1' as const,
      phoneNumber,
      passwordHash,
      isSuperAdmin,
    });
    const [owner, admin, staff, soloOwner, superAdmin] = await tx
      .insert(users)
      .values([
        person('owner@acme.test', 'Olivia', 'Owens', '2025550101'),
        person('admin@acme.test', 'Adam', 'Alvarez', '2025550102'),
        person('staff@acme.test', 'Sam', 'Stone', '2025550103'),
        person('solo@solo.test', 'Sofia', 'Solano', '2025550104'),
        person('super@fleet.test', 'Sean', 'Super', '2025550105', true),
      ])
      .returning({ id: users.id });
    if (!owner || !admin || !staff || !soloOwner || !superAdmin) throw new Error('demo accounts not created');
    await tx.insert(memberships).values([
      { userId: owner.id, companyId: acme.id, role: 'owner', enableAudio: true },
      { userId: owner.id, companyId: east.id, role: 'owner', enableAudio: true },
      { userId: owner.id, companyId: west.id, role: 'owner', enableAudio: true },
      { userId: admin.id, companyId: acme.id, role: 'admin' },
      { userId: staff.id, companyId: acme.id, role: 'staff', enableAudio: false },
      { userId: staff.id, companyId: solo.id, role: 'staff', enableAudio: false },
      { userId: soloOwner.id, companyId: solo.id, role: 'owner' },
      { userId: superAdmin.id, companyId: hq.id, role: 'owner' },
      { userId: superAdmin.id, companyId: acme.id, role: 'admin' },
      { userId: superAdmin.id, companyId: east.id, role: 'admin' },
      { userId: superAdmin.id, companyId: west.id, role: 'admin' },
      { userId: superAdmin.id, companyId: solo.id, role: 'admin' },
    ]);
    return { acme: acme.id, solo: solo.id, owner: owner.id };
  });
  await reg.insert(buildings).values([
    { companyId: ids.acme, name: 'Acme Tower' },
    { companyId: ids.acme, name: 'Acme Logistics Depot' },
    { companyId: ids.solo, name: 'Solo Café Main Street' },
  ]);
  await seedDemoSites(reg, ids.acme, store);
  await seedDemoSites(reg, ids.solo, store);
  await seedDemoDevices(reg, ids.acme);
  await seedDemoRobots(reg);
  await seedDemoLifts(reg, ids.acme);
  await seedDemoAudio(reg, ids.acme, ids.owner, store);
  if (options.history ?? true) await seedDemoHistory(reg);
}
