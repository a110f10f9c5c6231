import path from 'node:path';
import type { RouteId } from '@fleet/contract';
import { startTestProvider } from '@fleet/sim/oidc';
import { eq } from 'drizzle-orm';
import { buildings, floors, miniDevices, robotTasks, ssoConfigs, stations } from '../src/db/schema/index.js';
import { robotTopic } from '../src/fleet/vda/topics.js';
import { greyPng } from '../src/modules/buildings/maps/occupancy-png.js';
import { audioSample } from './audio/samples/index.js';
import { companyIdOf, DEMO_ACCOUNTS, demoUserIds } from './demo.js';
import { state } from './fleet/vda-samples.js';
import { type CallOptions, call, login, outbox, type TestApp } from './helper.js';
import { APPS_HAPPY, type AppWalk, appFixture } from './walk-apps.js';

export const FIXTURE_LOCALES = path.join(import.meta.dirname, 'fixtures/locales');

export type Account = 'owner' | 'admin' | 'staff' | 'solo' | 'super';
const ACCOUNTS: Account[] = ['owner', 'admin', 'staff', 'solo', 'super'];

/** Ids and tokens of the demo, plus a robot and an SSO configuration the demo does not have. */
export interface WalkContext extends AppWalk {
  t: TestApp;
  /** A real OpenID provider every walk configuration points at: starting a sign-in or a test reaches it. */
  issuer: string;
  token: Record<Account, string>;
  acme: string;
  solo: string;
  east: string;
  user: Record<Account, string>;
  building: string;
  device: string;
  /** A floor of `building` with a map and stations, and one of its stations. */
  floor: string;
  station: string;
  robot: string;
  ssoConfig: string;
  role: string;
  /** Acme's lift gateway, a bank in `building` and a lift of it serving `floor` and `floor2`. */
  gateway: string;
  bank: string;
  lift: string;
  floor2: string;
  /** An Acme call button placed on a floor of a building without robots: its calls wait in the queue. */
  callButton: string;
  /** An Acme clip used by `voicePack`, one used by nothing, and the voice pack (published twice) on the Walker. */
  clip: string;
  spareClip: string;
  voicePack: string;
  spareGroup: string;
  /** A task the Walker finished yesterday, and a version of Acme's KPI targets. */
  task: string;
  setting: string;
  /** A weekly report of Acme's and a KPI alert. */
  report: string;
  alert: string;
  /** Every id that belongs to Acme: none may reach a user of another company. */
  acmeSecrets: string[];
}

export async function walkContext(t: TestApp): Promise<WalkContext> {
  const token = {} as Record<Account, string>;
  // Each account in the company it lands in when it signs in, not switched.
  for (const a of ACCOUNTS) token[a] = await login(t.app, DEMO_ACCOUNTS[a].email);
  const byName = (name: string) => companyIdOf(t, name);
  const acme = await byName('Acme Robotics');
  const user = await demoUserIds(t, ...ACCOUNTS);
  const acmeBuildings = await t.regional.db.select().from(buildings).where(eq(buildings.companyId, acme));
  const acmeDevices = await t.regional.db.select().from(miniDevices).where(eq(miniDevices.companyId, acme));
  const building = acmeBuildings[0]?.id;
  const device = acmeDevices[0]?.id;
  if (!building || !device) throw new Error('demo buildings or devices missing');
  const [floor] = await t.regional.db.select().from(floors).where(eq(floors.buildingId, building));
  const [station] = floor
    ? await t.regional.db.select().from(stations).where(eq(stations.floorId, floor.id))
    : [];
  if (!floor || !station) throw new Error('demo floors or stations missing');
  const registered = await call(t.app, 'registerRobot', {
    token: token.owner,
    body: { name: 'Walker', manufacturer: 'acme', serialNumber: 'W-1', model: 'R1', buildingId: building },
  });
  if (registered.status !== 200) throw new Error(`robot: ${registered.body.info}`);
  const robot = registered.body.data.robot;
  // One state, so the robot is online and commands can reach it.
  await t.app.fleet.bus.publish(
    robotTopic(t.app.fleet.prefix, 'acme', 'W-1', 'state'),
    JSON.stringify(state({ manufacturer: 'acme', serialNumber: 'W-1' })),
    { qos: 0 },
  );
  // The walk's provider lives as long as the app: closing the app closes it.
  const idp = await startTestProvider({ clients: [], accounts: [] });
  const closeApp = t.close;
  t.close = async () => {
    await closeApp();
    await idp.close();
  };
  const sso = await call(t.app, 'createSsoConfig', {
    token: token.super,
    body: {
      issuer: idp.issuer,
      clientId: 'console',
      clientSecret: 's3cret',
      emailDomains: ['fleet.test'],
    },
  });
  if (sso.status !== 200) throw new Error(`sso config: ${sso.body.info}`);
  // As if its connection test had passed (the sign-in flows are tested through the provider in test/sso), so
  // every route is reached: starting a sign-in answers the provider's address.
  await t.directory.db
    .update(ssoConfigs)
    .set({ testedAt: new Date(), enforcement: 'optional' })
    .where(eq(ssoConfigs.id, sso.body.data.id));
  const role = await call(t.app, 'createRole', {
    token: token.owner,
    body: { name: 'Auditor', permissions: ['audit.read'] },
  });
  if (role.status !== 200) throw new Error(`role: ${role.body.info}`);
  const east = await byName('Acme East');
  const lifts = await liftFixture(t, token.owner, building, floor.id);
  const callButton = await callButtonFixture(
    t,
    token.owner,
    acmeBuildings.map((b) => b.id),
  );
  const audio = await audioFixture(t, token, robot.id, user.solo);
  const analysis = await analysisFixture(t, token.owner, acme, robot.id);
  const apps = await appFixture(t, token.owner);
  return {
    ...apps,
    ...lifts,
    ...audio,
    ...analysis,
    t,
    issuer: idp.issuer,
    token,
    acme,
    solo: await byName('Solo Café'),
    east,
    user,
    building,
    device,
    callButton,
    floor: floor.id,
    station: station.id,
    robot: robot.id,
    ssoConfig: sso.body.data.id,
    role: role.body.data.id,
    acmeSecrets: [
      acme,
      east,
      role.body.data.id,
      user.owner,
      user.admin,
      building,
      robot.id,
      ...acmeBuildings.map((b) => b.id),
      ...acmeDevices.map((d) => d.id),
      callButton,
      floor.id,
      station.id,
      'MINI-ACME-0001',
      lifts.gateway,
      lifts.bank,
      lifts.lift,
      lifts.floor2,
      audio.clip,
      audio.spareClip,
      audio.voicePack,
      audio.spareGroup,
      analysis.task,
      analysis.setting,
      analysis.report,
      analysis.alert,
      apps.apiApp,
      apps.appKey,
      apps.webhook,
      apps.appCommand,
    ],
  };
}

/** The walk's analysis: a filter over the last week, a task of the Walker's and a targets version. */
export const walkDay = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
export const walkFilter = () => ({
  from: walkDay(-7),
  to: walkDay(),
  granularity: 'day' as const,
  compare: true,
});

async function analysisFixture(t: TestApp, owner: string, acme: string, robot: string) {
  const [task] = await t.regional.db
    .insert(robotTasks)
    .values({
      companyId: acme,
      robotId: robot,
      orderId: 'walk-order',
      type: 'deliver',
      startedAt: new Date(Date.now() - 86_400_000 - 600_000),
      endedAt: new Date(Date.now() - 86_400_000),
      result: 'completed',
      distanceM: 42,
    })
    .returning({ id: robotTasks.id });
  const setting = await call(t.app, 'saveAnalysisSetting', {
    token: owner,
    body: {
      kind: 'targets',
      scope: { kind: 'company', id: null },
      effectiveFrom: walkDay(-30),
      value: { availability: 0.9 },
    },
  });
  if (setting.status !== 200 || !task) throw new Error(`analysis fixture: ${setting.body.info}`);
  const report = await call(t.app, 'saveAnalysisReport', { token: owner, body: walkReport() });
  const alert = await call(t.app, 'saveAnalysisAlert', { token: owner, body: walkAlert() });
  if (report.status !== 200 || alert.status !== 200) throw new Error(`analysis fixture: ${report.body.info}`);
  return {
    task: task.id,
    setting: setting.body.data.id as string,
    report: report.body.data.id as string,
    alert: alert.body.data.id as string,
  };
}

const walkReport = (buildingIds: string[] = []) => ({
  name: `Weekly ${next()}`,
  recipients: ['ops@acme.test'],
  frequency: 'weekly' as const,
  sendAt: '07:00',
  timeZone: 'America/Los_Angeles',
  language: 'en' as const,
  units: 'metric' as const,
  format: 'csv' as const,
  buildingIds,
  enabled: true,
});

const walkAlert = (buildingIds: string[] = []) => ({
  name: `Availability ${next()}`,
  kpi: 'availability' as const,
  days: 2,
  buildingIds,
  recipients: ['ops@acme.test'],
  language: 'en' as const,
  enabled: true,
});

/**
 * Audio needs enableAudio: Acme's owner has it, its admin and staff do not (their calls answer 403 whatever their
 * role allows), and Solo Café's owner is given it here, so their calls with Acme's ids answer 404.
 */
async function audioFixture(t: TestApp, token: Record<Account, string>, robot: string, soloOwner: string) {
  const solo = await call(t.app, 'editPerson', {
    token: token.solo,
    body: { id: soloOwner, enableAudio: true },
  });
  if (solo.status !== 200) throw new Error(`solo audio: ${solo.body.info}`);
  const upload = async (name: string) => {
    const res = await call(t.app, 'uploadAudioClip', {
      token: token.owner,
      query: { name, lang: 'en', purpose: 'prompt' },
      body: audioSample('wav', { durationS: 1 }),
    });
    if (res.status !== 200) throw new Error(`clip: ${res.body.info}`);
    return res.body.data.id;
  };
  const clip = await upload('Walk chime');
  const spareClip = await upload('Walk spare');
  const group = async (name: string) => {
    const res = await call(t.app, 'createAudioGroup', {
      token: token.owner,
      body: { name, kind: 'voicePack' },
    });
    if (res.status !== 200) throw new Error(`group: ${res.body.info}`);
    return res.body.data.id;
  };
  const voicePack = await group('Walk voice');
  const spareGroup = await group('Walk spare');
  const edited = await call(t.app, 'editAudioGroup', {
    token: token.owner,
    body: {
      id: voicePack,
      content: { kind: 'voicePack', slots: [{ lang: 'en', slot: 'arrived', clipId: clip }] },
      targets: { buildingIds: [], robotIds: [robot] },
    },
  });
  if (edited.status !== 200) throw new Error(`voice pack: ${edited.body.info}`);
  // The demo's voice pack speaks English in the Walker's building: this one takes the Walker over.
  for (let i = 0; i < 2; i++) {
    const published = await call(t.app, 'publishAudioGroup', {
      token: token.owner,
      params: { id: voicePack },
      body: { onVoiceConflict: 'mine' },
    });
    if (published.status !== 200) throw new Error(`publish: ${published.body.info}`);
  }
  // The demo's tower is quiet at night on its own clock; the walk plays sound at any hour.
  const building = (await call(t.app, 'getRobot', { token: token.owner, params: { id: robot } })).body.data
    .buildingId;
  if (building) {
    const rules = await call(t.app, 'editAudioBuildingRules', {
      token: token.owner,
      body: { buildingId: building, quietHours: [], volumeCap: 100 },
    });
    if (rules.status !== 200) throw new Error(`audio rules: ${rules.body.info}`);
  }
  return { clip, spareClip, voicePack, spareGroup };
}

/** A landing in the middle of a floor's map, as the lift walks need one on each served floor. */
export async function middleLanding(t: TestApp, token: string, floorId: string, floorCode: string) {
  const floor = await call(t.app, 'getFloor', { token, params: { id: floorId } });
  const b = floor.body.data.map?.bounds;
  if (!b) throw new Error('the floor has no map');
  const x = (b.minX + b.maxX) / 2;
  const y = (b.minY + b.maxY) / 2;
  return {
    floorId,
    side: 'front' as const,
    floorCode,
    outside: { x, y, theta: 0 },
    inside: { x, y: y + 1, theta: 0 },
  };
}

async function liftFixture(t: TestApp, token: string, building: string, floor: string) {
  const gateway = await call(t.app, 'registerLiftGateway', { token, body: { name: 'Tower gateway' } });
  if (gateway.status !== 200) throw new Error(`gateway: ${gateway.body.info}`);
  const upper = await call(t.app, 'createFloor', {
    token,
    body: { buildingId: building, name: 'Sky', level: 99 },
  });
  if (upper.status !== 200) throw new Error(`floor: ${upper.body.info}`);
  const floor2 = upper.body.data.id;
  await call(t.app, 'uploadFloorMap', {
    token,
    params: { id: floor2 },
    body: { format: 'image', image: SMALL_MAP, resolution: 1.5 },
  });
  const bank = await call(t.app, 'createLiftBank', {
    token,
    body: {
      buildingId: building,
      name: 'Core',
      vendor: 'simulated',
      gatewayId: gateway.body.data.gateway.id,
    },
  });
  if (bank.status !== 200) throw new Error(`bank: ${bank.body.info}`);
  const lift = await call(t.app, 'createLift', {
    token,
    body: {
      bankId: bank.body.data.id,
      name: 'Lift A',
      gatewayLiftName: 'A',
      doorSides: ['front'],
      servedFloorIds: [floor, floor2],
      landings: [await middleLanding(t, token, floor, '0'), await middleLanding(t, token, floor2, 'S')],
    },
  });
  if (lift.status !== 200) throw new Error(`lift: ${lift.body.info}`);
  return { gateway: gateway.body.data.gateway.id, bank: bank.body.data.id, lift: lift.body.data.id, floor2 };
}

async function callButtonFixture(t: TestApp, token: string, buildingIds: string[]): Promise<string> {
  // The building with no robot placed in it (the walk's robot is in the first one).
  const quiet = buildingIds[buildingIds.length - 1];
  const [floor] = quiet ? await t.regional.db.select().from(floors).where(eq(floors.buildingId, quiet)) : [];
  if (!quiet || !floor) throw new Error('no floor for the walk call button');
  const made = await call(t.app, 'registerMiniDevice', {
    token,
    body: { name: 'WALK-CALL-1', label: 'Walk table', type: 'callButton' },
  });
  if (made.status !== 200) throw new Error(`call button: ${made.body.info}`);
  const id = made.body.data.device.id;
  const placed = await call(t.app, 'bindMiniBuilding', {
    token,
    body: { deviceId: id, buildingId: quiet, floorId: floor.id, point: { x: 5, y: 5 } },
  });
  if (placed.status !== 200) throw new Error(`call button place: ${placed.body.info}`);
  return id;
}

export interface WalkCall extends CallOptions {
  as: Account | 'anonymous';
  status: number;
}

/** Switches a demo account into another company and returns the new token. */
export async function tokenIn(c: WalkContext, as: Account, companyId: string): Promise<string> {
  // A switch ends the token it came from, so switch a session of its own.
  const own = await login(c.t.app, DEMO_ACCOUNTS[as].email);
  const res = await call(c.t.app, 'login', { body: { token: own, companyId } });
  if (res.status !== 200) throw new Error(`switch failed: ${res.body.info}`);
  return res.body.data.token;
}

/** A 40 × 30 px map at 1.5 m per pixel: 60 × 45 m, so the demo's stations stay on it. */
const SMALL_MAP = greyPng(40, 30, Buffer.alloc(40 * 30, 254)).toString('base64');
/** Levels and names for floors and stations the happy calls add: each call a new one. */
let added = 100;
const next = () => added++;

async function tempBuilding(c: WalkContext): Promise<string> {
  const made = await call(c.t.app, 'createBuilding', {
    token: c.token.owner,
    body: { name: `Temp ${next()}` },
  });
  return made.body.data.id;
}

/**
 * A SCIM call of Fleet HQ's provider with a token made for it now: the walk's createScimToken and deleteScimToken
 * replace and end the previous one.
 */
async function asProvider(c: WalkContext): Promise<Omit<WalkCall, 'status'>> {
  const made = await call(c.t.app, 'createScimToken', { token: c.token.super });
  if (made.status !== 200) throw new Error(`scim token: ${made.body.info}`);
  return { as: 'anonymous', headers: { authorization: `Bearer ${made.body.data.token}` } };
}

const scimUser = () => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName: `walker.${next()}@fleet.test`,
  name: { givenName: 'Walk', familyName: 'Er' },
  active: true,
});

/** A person Fleet HQ's provider provisioned: their account id. */
async function provisioned(c: WalkContext, spec: Omit<WalkCall, 'status'>, body: object): Promise<string> {
  const made = await call(c.t.app, 'scimCreateUser', { headers: spec.headers, body });
  // A SCIM answer is the resource itself, not an envelope.
  const user = made.body as unknown as { id?: string };
  if (made.status !== 201 || !user.id) throw new Error(`scim provision: ${JSON.stringify(made.body)}`);
  return user.id;
}

/**
 * The happy call of every route. Typed by RouteId, so a route added to the contract without an entry
 * here does not compile.
 */
export const HAPPY: { [K in RouteId]: (c: WalkContext) => Promise<WalkCall> } = {
  regions: async () => ({ as: 'anonymous', status: 200 }),
  stats: async () => ({ as: 'anonymous', status: 200 }),
  clientConfig: async () => ({ as: 'anonymous', status: 200 }),
  login: async () => ({
    as: 'anonymous',
    body: { account: 'owner@acme.test', password: 'demo1234' },
    status: 200,
  }),
  logout: async (c) => ({ as: 'anonymous', token: await login(c.t.app, 'admin@acme.test'), status: 200 }),
  getVerifyCode: async () => ({ as: 'anonymous', body: { email: 'solo@solo.test' }, status: 200 }),
  resetPassword: async (c) => {
    await call(c.t.app, 'createPerson', {
      token: c.token.owner,
      body: { firstName: 'New', lastName: 'Comer', email: 'newcomer@acme.test' },
    });
    const code = /\b(\d{6})\b/.exec((await outbox(c.t.dataDir)).at(-1)?.text ?? '')?.[1];
    return {
      as: 'anonymous',
      body: { email: 'newcomer@acme.test', code, password: 'welcome-123' },
      status: 200,
    };
  },
  me: async () => ({ as: 'owner', status: 200 }),
  createPerson: async () => ({
    as: 'owner',
    body: {
      firstName: 'Wally',
      lastName: 'Walker',
      email: 'wally@acme.test',
      phonePrefix: '+49',
      phoneNumber: '30 1234567',
    },
    status: 200,
  }),
  editPerson: async (c) => ({ as: 'owner', body: { id: c.user.staff, firstName: 'Samuel' }, status: 200 }),
  removePerson: async (c) => {
    const added = await call(c.t.app, 'createPerson', {
      token: c.token.owner,
      body: { firstName: 'Temp', lastName: 'Worker', email: 'temp@acme.test' },
    });
    return { as: 'owner', body: { id: added.body.data.id }, status: 200 };
  },
  assignRobots: async (c) => ({
    as: 'owner',
    body: { userId: c.user.staff, robotIds: [c.robot] },
    status: 200,
  }),
  listPeople: async () => ({ as: 'owner', query: { keyword: 'a' }, status: 200 }),
  searchPeople: async () => ({
    as: 'owner',
    body: {
      pageIndex: 1,
      pageLength: 10,
      requestData: { role: 'staff', sortBy: 'email', sortOrder: 'desc' },
    },
    status: 200,
  }),
  exportPeople: async () => ({ as: 'owner', query: { role: 'staff' }, status: 200 }),
  userDevices: async (c) => ({ as: 'owner', query: { userId: c.user.staff }, status: 200 }),
  userBuildings: async (c) => ({ as: 'owner', query: { userId: c.user.staff }, status: 200 }),
  setAdmin: async (c) => ({ as: 'owner', body: { userId: c.user.staff }, status: 200 }),
  unsetAdmin: async (c) => ({ as: 'owner', body: { userId: c.user.staff }, status: 200 }),
  transferOwner: async (c) => ({ as: 'solo', body: { userId: c.user.staff }, status: 200 }),
  listCompanies: async () => ({ as: 'owner', status: 200 }),
  listOnesCompanies: async () => ({ as: 'owner', query: { companyName: 'ACME' }, status: 200 }),
  searchSubsidiaries: async () => ({ as: 'owner', body: { pageIndex: 1, pageLength: 1 }, status: 200 }),
  createSubsidiary: async () => ({ as: 'owner', body: { name: `Acme North ${Math.random()}` }, status: 200 }),
  renameSubsidiary: async (c) => ({
    as: 'owner',
    body: { id: c.east, name: 'Acme East Coast' },
    status: 200,
  }),
  listRoles: async () => ({ as: 'staff', status: 200 }),
  createRole: async () => ({
    as: 'owner',
    body: { name: `Night operator ${Math.random()}`, permissions: ['robots.operate', 'robots.read'] },
    status: 200,
  }),
  editRole: async (c) => ({
    as: 'owner',
    body: { id: c.role, description: 'Reads the audit log', permissions: ['audit.read', 'people.read'] },
    status: 200,
  }),
  deleteRole: async (c) => {
    const made = await call(c.t.app, 'createRole', {
      token: c.token.owner,
      body: { name: `Temporary ${Math.random()}`, permissions: [] },
    });
    return { as: 'owner', params: { id: made.body.data.id }, status: 200 };
  },
  assignRole: async (c) => ({ as: 'owner', body: { roleId: c.role, userIds: [c.user.staff] }, status: 200 }),
  myPermissions: async () => ({ as: 'staff', status: 200 }),
  listRobots: async () => ({ as: 'staff', status: 200 }),
  getRobot: async (c) => ({ as: 'staff', params: { id: c.robot }, status: 200 }),
  registerRobot: async () => ({
    as: 'owner',
    body: {
      name: 'Newbie',
      manufacturer: 'acme',
      serialNumber: `N-${Math.random().toString(36).slice(2, 10)}`,
      model: 'R2',
    },
    status: 200,
  }),
  editRobot: async (c) => ({
    as: 'owner',
    body: { id: c.robot, name: 'Walker Two', expectedIntervalSeconds: 10 },
    status: 200,
  }),
  removeRobot: async (c) => {
    const made = await call(c.t.app, 'registerRobot', {
      token: c.token.owner,
      body: {
        name: 'Temp',
        manufacturer: 'acme',
        serialNumber: `T-${Math.random().toString(36).slice(2, 10)}`,
        model: 'R2',
      },
    });
    return { as: 'owner', params: { id: made.body.data.robot.id }, status: 200 };
  },
  renewRobotCredentials: async (c) => ({ as: 'owner', params: { id: c.robot }, status: 200 }),
  sendCommand: async (c) => ({
    as: 'owner',
    params: { id: c.robot },
    body: { type: 'requestState' },
    status: 200,
  }),
  listCommands: async (c) => ({ as: 'staff', params: { id: c.robot }, status: 200 }),
  robotHistory: async (c) => ({ as: 'staff', params: { id: c.robot }, query: { hours: 24 }, status: 200 }),
  searchBuildings: async () => ({
    as: 'staff',
    body: { pageIndex: 1, pageLength: 10, requestData: { name: ' acme ' } },
    status: 200,
  }),
  getBuilding: async (c) => ({ as: 'staff', params: { id: c.building }, status: 200 }),
  createBuilding: async () => ({
    as: 'owner',
    body: {
      name: `Acme Annex ${next()}`,
      address: '1 Harbor Way, Oakland',
      latitude: 37.8,
      longitude: -122.27,
      timeZone: 'America/Los_Angeles',
    },
    status: 200,
  }),
  editBuilding: async (c) => ({
    as: 'owner',
    body: { id: c.building, address: '350 Mission St', timeZone: 'America/Los_Angeles' },
    status: 200,
  }),
  removeBuilding: async (c) => ({ as: 'owner', params: { id: await tempBuilding(c) }, status: 200 }),
  getFloor: async (c) => ({ as: 'staff', params: { id: c.floor }, status: 200 }),
  createFloor: async (c) => ({
    as: 'owner',
    body: { buildingId: c.building, name: 'Roof', level: next() },
    status: 200,
  }),
  editFloor: async (c) => ({ as: 'owner', body: { id: c.floor, name: 'Ground floor' }, status: 200 }),
  removeFloor: async (c) => {
    const made = await call(c.t.app, 'createFloor', {
      token: c.token.owner,
      body: { buildingId: c.building, name: 'Temp', level: next() },
    });
    return { as: 'owner', params: { id: made.body.data.id }, status: 200 };
  },
  uploadFloorMap: async (c) => ({
    as: 'owner',
    params: { id: c.floor },
    body: { format: 'image', image: SMALL_MAP, resolution: 1.5 },
    status: 200,
  }),
  getFloorMap: async (c) => ({ as: 'staff', params: { id: c.floor }, status: 200 }),
  listStations: async (c) => ({ as: 'staff', params: { id: c.floor }, status: 200 }),
  createStation: async (c) => ({
    as: 'owner',
    body: { floorId: c.floor, name: `Spot ${next()}`, x: 12, y: 8, theta: -1.5, charger: false },
    status: 200,
  }),
  editStation: async (c) => ({ as: 'owner', body: { id: c.station, theta: 1 }, status: 200 }),
  removeStation: async (c) => {
    const made = await call(c.t.app, 'createStation', {
      token: c.token.owner,
      body: { floorId: c.floor, name: `Temp ${next()}`, x: 5, y: 5 },
    });
    return { as: 'owner', params: { id: made.body.data.id }, status: 200 };
  },
  searchAudit: async () => ({ as: 'owner', body: { pageIndex: 1, pageLength: 10 }, status: 200 }),
  searchByDevice: async () => ({ as: 'super', query: { deviceName: 'acme-0001' }, status: 200 }),
  companyByDeviceName: async () => ({ as: 'super', query: { deviceName: 'acme-0001' }, status: 200 }),
  searchMiniDevices: async () => ({
    as: 'owner',
    body: { pageIndex: 1, pageLength: 1, requestData: { name: ' lobby ' } },
    status: 200,
  }),
  bindMiniBuilding: async (c) => ({
    as: 'owner',
    body: { deviceId: c.device, buildingId: c.building },
    status: 200,
  }),
  listCompanyMiniDevices: async () => ({ as: 'owner', status: 200 }),
  getMiniDevice: async (c) => ({ as: 'owner', params: { id: c.device }, status: 200 }),
  registerMiniDevice: async () => ({
    as: 'owner',
    body: { name: `WALK-${next()}`, label: 'Walk button', type: 'callButton' },
    status: 200,
  }),
  editMiniDevice: async (c) => ({
    as: 'owner',
    body: {
      id: c.callButton,
      label: 'Walk table',
      type: 'callButton',
      model: 'CB-200',
      allowedRobotIds: [],
      allowedModels: [],
      minBattery: 20,
      heartbeatS: 60,
    },
    status: 200,
  }),
  renewMiniDeviceCredentials: async (c) => ({ as: 'owner', params: { id: c.callButton }, status: 200 }),
  removeMiniDevice: async (c) => {
    const made = await call(c.t.app, 'registerMiniDevice', {
      token: c.token.owner,
      body: { name: `TEMP-${next()}`, label: 'Temp', type: 'beacon' },
    });
    return { as: 'owner', params: { id: made.body.data.device.id }, status: 200 };
  },
  bulkBindMiniDevices: async () => ({
    as: 'owner',
    body: { csv: 'name,building\nMINI-ACME-0003,Acme Logistics Depot\n' },
    status: 200,
  }),
  exportMiniDevices: async () => ({ as: 'owner', status: 200 }),
  // The device is not connected: there is nobody to beep, and the server says so.
  identifyMiniDevice: async (c) => ({
    as: 'owner',
    params: { id: c.callButton },
    body: { seconds: 5 },
    status: 409,
  }),
  testMiniDeviceCall: async (c) => ({ as: 'owner', params: { id: c.callButton }, status: 200 }),
  cancelMiniDeviceCall: async (c) => {
    await call(c.t.app, 'testMiniDeviceCall', { token: c.token.owner, params: { id: c.callButton } });
    return { as: 'owner', params: { id: c.callButton }, status: 200 };
  },
  miniDeviceEvents: async (c) => ({
    as: 'owner',
    body: { pageIndex: 1, pageLength: 10, requestData: { deviceId: c.callButton } },
    status: 200,
  }),
  miniDeviceCalls: async () => ({ as: 'owner', body: { pageIndex: 1, pageLength: 10 }, status: 200 }),
  getSsoConfig: async () => ({ as: 'super', status: 200 }),
  createSsoConfig: async (c) => ({
    as: 'anonymous',
    token: await tokenIn(c, 'super', c.solo),
    body: {
      issuer: c.issuer,
      clientId: 'solo',
      clientSecret: 'x',
      emailDomains: ['solo.test'],
    },
    status: 200,
  }),
  editSsoConfig: async (c) => ({
    as: 'super',
    body: {
      id: c.ssoConfig,
      issuer: c.issuer,
      clientId: 'console',
      emailDomains: ['fleet.test'],
      enforcement: 'optional',
      jit: true,
    },
    status: 200,
  }),
  deleteSsoConfig: async (c) => {
    const token = await tokenIn(c, 'super', c.east);
    const existing = (await call(c.t.app, 'getSsoConfig', { token })).body.data;
    const made =
      existing ??
      (
        await call(c.t.app, 'createSsoConfig', {
          token,
          body: {
            issuer: 'https://east.test',
            clientId: 'e',
            clientSecret: 'x',
            emailDomains: ['east.test'],
          },
        })
      ).body.data;
    return { as: 'anonymous', token, params: { id: made.id }, status: 200 };
  },
  // The walk's provider cannot be reached: starting a sign-in or a test says so.
  testSsoConfig: async () => ({ as: 'super', status: 200 }),
  createScimToken: async () => ({ as: 'super', status: 200 }),
  deleteScimToken: async () => ({ as: 'super', status: 200 }),
  ssoLoginUrl: async () => ({ as: 'anonymous', query: { email: 'someone@fleet.test' }, status: 200 }),
  ssoLogin: async (c) => ({ as: 'anonymous', params: { id: c.ssoConfig }, status: 200 }),
  operatorSsoLoginUrl: async () => ({ as: 'anonymous', status: 200 }),
  // A state the console never gave: the browser is sent to the sign-in page with the reason.
  ssoCallback: async (c) => ({
    as: 'anonymous',
    params: { id: c.ssoConfig },
    query: { code: 'x', state: 'y' },
    status: 303,
  }),
  ssoFinish: async () => ({ as: 'anonymous', body: { ticket: 'not-a-ticket' }, status: 401 }),
  // SCIM: Fleet HQ's provider (fleet.test) with a token of its own; a console token, anyone's, changes nothing.
  scimServiceProviderConfig: async (c) => ({ ...(await asProvider(c)), status: 200 }),
  scimResourceTypes: async (c) => ({ ...(await asProvider(c)), status: 200 }),
  scimSchemas: async (c) => ({ ...(await asProvider(c)), status: 200 }),
  scimListUsers: async (c) => ({
    ...(await asProvider(c)),
    query: { filter: 'userName eq "super@fleet.test"', startIndex: 1, count: 10 },
    status: 200,
  }),
  scimGetUser: async (c) => ({ ...(await asProvider(c)), params: { id: c.user.super }, status: 200 }),
  scimCreateUser: async (c) => ({ ...(await asProvider(c)), body: scimUser(), status: 201 }),
  scimReplaceUser: async (c) => {
    const spec = await asProvider(c);
    const body = scimUser();
    return {
      ...spec,
      params: { id: await provisioned(c, spec, body) },
      body: { ...body, active: false },
      status: 200,
    };
  },
  scimPatchUser: async (c) => {
    const spec = await asProvider(c);
    return {
      ...spec,
      params: { id: await provisioned(c, spec, scimUser()) },
      body: {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      },
      status: 200,
    };
  },
  scimDeleteUser: async (c) => {
    const spec = await asProvider(c);
    return { ...spec, params: { id: await provisioned(c, spec, scimUser()) }, status: 204 };
  },
  listLiftGateways: async () => ({ as: 'staff', status: 200 }),
  registerLiftGateway: async () => ({ as: 'owner', body: { name: `Gateway ${next()}` }, status: 200 }),
  editLiftGateway: async (c) => ({
    as: 'owner',
    body: { id: c.gateway, name: 'Tower gateway 1' },
    status: 200,
  }),
  renewLiftGatewayPassword: async (c) => ({ as: 'owner', params: { id: c.gateway }, status: 200 }),
  removeLiftGateway: async (c) => {
    const made = await call(c.t.app, 'registerLiftGateway', { token: c.token.owner, body: { name: 'Temp' } });
    return { as: 'owner', params: { id: made.body.data.gateway.id }, status: 200 };
  },
  listLiftBanks: async (c) => ({ as: 'staff', query: { buildingId: c.building }, status: 200 }),
  createLiftBank: async (c) => ({
    as: 'owner',
    body: { buildingId: c.building, name: `Bank ${next()}`, vendor: 'kone', gatewayId: c.gateway },
    status: 200,
  }),
  editLiftBank: async (c) => ({
    as: 'owner',
    body: {
      id: c.bank,
      policy: {
        maxSessions: 2,
        doorHoldS: 20,
        timeWindows: [{ weekdays: [1, 2], from: '22:00', to: '06:00' }],
      },
    },
    status: 200,
  }),
  removeLiftBank: async (c) => {
    const made = await call(c.t.app, 'createLiftBank', {
      token: c.token.owner,
      body: { buildingId: c.building, name: 'Temp', vendor: 'generic', gatewayId: c.gateway },
    });
    return { as: 'owner', params: { id: made.body.data.id }, status: 200 };
  },
  createLift: async (c) => {
    const n = next();
    return {
      as: 'owner',
      body: {
        bankId: c.bank,
        name: `Lift ${n}`,
        gatewayLiftName: `L${n}`,
        doorSides: ['front'],
        servedFloorIds: [c.floor, c.floor2],
        landings: [
          await middleLanding(c.t, c.token.owner, c.floor, 'G'),
          await middleLanding(c.t, c.token.owner, c.floor2, '12A'),
        ],
      },
      status: 200,
    };
  },
  editLift: async (c) => ({ as: 'owner', body: { id: c.lift, name: 'Lift A1', maxRobots: 2 }, status: 200 }),
  removeLift: async (c) => {
    const n = next();
    const made = await call(c.t.app, 'createLift', {
      token: c.token.owner,
      body: {
        bankId: c.bank,
        name: 'Temp',
        gatewayLiftName: `T${n}`,
        doorSides: ['front'],
        servedFloorIds: [c.floor, c.floor2],
        landings: [
          await middleLanding(c.t, c.token.owner, c.floor, '1'),
          await middleLanding(c.t, c.token.owner, c.floor2, '2'),
        ],
      },
    });
    return { as: 'owner', params: { id: made.body.data.id }, status: 200 };
  },
  setLiftEnabled: async (c) => ({
    as: 'owner',
    params: { id: c.lift },
    body: { enabled: false },
    status: 200,
  }),
  listLiveLifts: async (c) => ({ as: 'staff', query: { buildingId: c.building }, status: 200 }),
  liftCommand: async (c) => ({
    as: 'owner',
    params: { id: c.lift },
    body: { type: 'outOfService', on: false, reason: 'back from maintenance' },
    status: 200,
  }),
  // No gateway reports the walk's lift: a test call is refused at once, saying why.
  testLiftCall: async (c) => ({ as: 'owner', params: { id: c.lift }, body: { floorCode: '0' }, status: 409 }),
  liftEvents: async (c) => ({
    as: 'staff',
    params: { id: c.lift },
    query: { kinds: 'command, call' },
    status: 200,
  }),
  liftBankHistory: async (c) => ({ as: 'staff', params: { id: c.bank }, status: 200 }),
  getLocale: async () => ({ as: 'anonymous', params: { lng: 'zh', ns: 'common' }, status: 200 }),
  addMissingKeys: async () => ({
    as: 'anonymous',
    params: { lng: 'en', ns: 'common' },
    body: { 'a.b': 'A b' },
    status: 200,
  }),
  searchAudioClips: async () => ({ as: 'owner', body: { pageIndex: 1, pageLength: 10 }, status: 200 }),
  uploadAudioClip: async () => ({
    as: 'owner',
    query: { name: `Walk upload ${next()}`, purpose: 'prompt' },
    body: audioSample('wav', { durationS: 1 }),
    status: 200,
  }),
  editAudioClip: async (c) => ({
    as: 'owner',
    body: { id: c.clip, name: 'Walk chime', lang: 'en' },
    status: 200,
  }),
  removeAudioClip: async (c) => ({ as: 'owner', params: { id: c.spareClip }, status: 200 }),
  audioClipLink: async (c) => ({ as: 'owner', params: { id: c.clip }, status: 200 }),
  listenAudioClip: async (c) => {
    const link = await call(c.t.app, 'audioClipLink', { token: c.token.owner, params: { id: c.clip } });
    return { as: 'anonymous', params: { token: link.body.data.url.split('/').at(-1) ?? '' }, status: 200 };
  },
  searchAudioGroups: async () => ({ as: 'owner', body: { pageIndex: 1, pageLength: 10 }, status: 200 }),
  getAudioGroup: async (c) => ({ as: 'owner', params: { id: c.voicePack }, status: 200 }),
  createAudioGroup: async () => ({
    as: 'owner',
    body: { name: `Walk playlist ${next()}`, kind: 'playlist' },
    status: 200,
  }),
  editAudioGroup: async (c) => ({ as: 'owner', body: { id: c.voicePack, name: 'Walk voice' }, status: 200 }),
  duplicateAudioGroup: async (c) => ({
    as: 'owner',
    params: { id: c.voicePack },
    body: { name: `Walk copy ${next()}` },
    status: 200,
  }),
  removeAudioGroup: async (c) => ({ as: 'owner', params: { id: c.spareGroup }, status: 200 }),
  publishAudioGroup: async (c) => ({ as: 'owner', params: { id: c.voicePack }, body: {}, status: 200 }),
  rollbackAudioGroup: async (c) => ({ as: 'owner', params: { id: c.voicePack }, body: {}, status: 200 }),
  retryAudioGroup: async (c) => ({ as: 'owner', params: { id: c.voicePack }, body: {}, status: 200 }),
  audioGroupRobots: async (c) => ({
    as: 'owner',
    body: { pageIndex: 1, pageLength: 10, requestData: { groupId: c.voicePack } },
    status: 200,
  }),
  playAudioNow: async (c) => {
    await walkerOnline(c);
    return { as: 'owner', body: { robotId: c.robot, clipId: c.clip, volume: 50 }, status: 200 };
  },
  stopAudio: async (c) => {
    await walkerOnline(c);
    return { as: 'owner', body: { robotId: c.robot }, status: 200 };
  },
  setAudioVolume: async (c) => {
    await walkerOnline(c);
    return { as: 'owner', body: { robotId: c.robot, volume: 40 }, status: 200 };
  },
  listAudioBuildingRules: async () => ({ as: 'owner', status: 200 }),
  editAudioBuildingRules: async (c) => ({
    as: 'owner',
    body: { buildingId: c.building, quietHours: [], volumeCap: 90 },
    status: 200,
  }),
  audioRobotManifest: async (c) => ({ as: 'anonymous', params: { token: await walkerLink(c) }, status: 200 }),
  audioRobotClip: async (c) => ({
    as: 'anonymous',
    params: { token: await walkerLink(c), clipId: c.clip },
    status: 200,
  }),
  analysisOptions: async () => ({ as: 'owner', status: 200 }),
  analysisSummary: async (c) => ({
    as: 'owner',
    body: { ...walkFilter(), buildingIds: [c.building] },
    status: 200,
  }),
  analysisTrend: async () => ({ as: 'owner', body: walkFilter(), status: 200 }),
  analysisHeatmap: async () => ({ as: 'owner', body: { from: walkDay(-7), to: walkDay() }, status: 200 }),
  analysisStates: async (c) => ({
    as: 'owner',
    body: {
      pageIndex: 1,
      pageLength: 10,
      requestData: { scope: { from: walkDay(), to: walkDay(), robotIds: [c.robot] }, date: walkDay() },
    },
    status: 200,
  }),
  analysisErrors: async () => ({ as: 'owner', body: { from: walkDay(-7), to: walkDay() }, status: 200 }),
  analysisRanking: async (c) => ({
    as: 'owner',
    body: { filter: { ...walkFilter(), robotIds: [c.robot] }, by: 'robot' },
    status: 200,
  }),
  analysisTasks: async () => ({
    as: 'owner',
    body: { pageIndex: 1, pageLength: 10, requestData: { scope: { from: walkDay(-7), to: walkDay() } } },
    status: 200,
  }),
  analysisTask: async (c) => ({ as: 'owner', params: { id: c.task }, status: 200 }),
  exportAnalysis: async (c) => ({
    as: 'owner',
    body: {
      content: 'tasks',
      format: 'csv',
      language: 'en',
      units: 'metric',
      filter: { ...walkFilter(), buildingIds: [c.building] },
    },
    status: 200,
  }),
  analysisSettings: async () => ({ as: 'owner', status: 200 }),
  saveAnalysisSetting: async (c) => ({
    as: 'owner',
    body: {
      kind: 'calendar',
      scope: { kind: 'building', id: c.building },
      effectiveFrom: walkDay(1),
      value: { weekly: [{ weekday: 1, windows: [{ from: '08:00', to: '18:00' }] }], closedDays: [] },
    },
    status: 200,
  }),
  removeAnalysisSetting: async (c) => {
    const made = await call(c.t.app, 'saveAnalysisSetting', {
      token: c.token.owner,
      body: {
        kind: 'targets',
        scope: { kind: 'robot', id: c.robot },
        effectiveFrom: walkDay(next()),
        value: { tasksDone: 5 },
      },
    });
    return { as: 'owner', params: { id: made.body.data.id }, status: 200 };
  },
  recomputeAnalysis: async () => ({ as: 'owner', body: { from: walkDay(-2) }, status: 200 }),
  listAnalysisReports: async () => ({ as: 'owner', status: 200 }),
  saveAnalysisReport: async (c) => ({ as: 'owner', body: walkReport([c.building]), status: 200 }),
  removeAnalysisReport: async (c) => {
    const made = await call(c.t.app, 'saveAnalysisReport', { token: c.token.owner, body: walkReport() });
    return { as: 'owner', params: { id: made.body.data.id }, status: 200 };
  },
  sendAnalysisReport: async (c) => ({ as: 'owner', params: { id: c.report }, status: 200 }),
  listAnalysisAlerts: async () => ({ as: 'owner', status: 200 }),
  saveAnalysisAlert: async (c) => ({ as: 'owner', body: walkAlert([c.building]), status: 200 }),
  removeAnalysisAlert: async (c) => {
    const made = await call(c.t.app, 'saveAnalysisAlert', { token: c.token.owner, body: walkAlert() });
    return { as: 'owner', params: { id: made.body.data.id }, status: 200 };
  },
  ...APPS_HAPPY,
};

/** The Walker says it is there (a state), so sound may be sent to it. */
async function walkerOnline(c: WalkContext): Promise<void> {
  await c.t.app.fleet.bus.publish(
    robotTopic(c.t.app.fleet.prefix, 'acme', 'W-1', 'state'),
    JSON.stringify(state({ manufacturer: 'acme', serialNumber: 'W-1' })),
    { qos: 0 },
  );
}

/** The token of the Walker's link to the voice pack's active version, as its download action carries it. */
async function walkerLink(c: WalkContext): Promise<string> {
  const group = await call(c.t.app, 'getAudioGroup', { token: c.token.owner, params: { id: c.voicePack } });
  const version = group.body.data.activeVersion ?? 1;
  const { manifestUrl } = c.t.app.audio.robotLink(c.robot, c.voicePack, version);
  return manifestUrl.split('/').at(-2) ?? '';
}
