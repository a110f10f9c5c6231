import { api, type RouteDef, type RouteId } from '@fleet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoAccount, demoTokens, userIdOf } from './demo.js';
import { buildTestApp, call, outbox, type TestApp } from './helper.js';
import { FIXTURE_LOCALES, HAPPY, type WalkCall, type WalkContext, walkContext } from './walk-fixture.js';

/**
 * Who may call what: every route of the contract × every kind of caller, each answer the status that
 * can() and the route's semantics dictate. The inputs are the happy calls of walk-fixture.ts, aimed at
 * Acme's objects; every caller but otherOwner acts in Acme. otherOwner is Solo Café's owner in Solo Café:
 * a call that names an Acme object is 404 for them, one that acts in their own company is 200.
 */
type Caller = 'anonymous' | 'staff' | 'admin' | 'owner' | 'superAdmin' | 'otherOwner';

const s = (
  anonymous: number,
  staff: number,
  admin: number,
  owner: number,
  superAdmin: number,
  otherOwner: number,
): Record<Caller, number> => ({ anonymous, staff, admin, owner, superAdmin, otherOwner });
const everyone = (status: number) => s(status, status, status, status, status, status);
/** Any signed-in member of the company, and another company's owner in their own company. */
const members = s(401, 200, 200, 200, 200, 200);
/** A super admin's route: 403 for everyone else whatever their role. */
const superOnly = s(401, 403, 403, 403, 200, 403);
/** Only those with audio enabled: Acme's owner, and Solo Café's owner in Solo Café. */
const audioMembers = s(401, 403, 403, 200, 403, 200);
/** … and Solo Café's owner finds no such Acme object. */
const audio404 = s(401, 403, 403, 200, 403, 404);
/** Owners and administrators (and a super admin); Solo Café's owner in Solo Café. */
const appManagers = s(401, 403, 200, 200, 200, 200);
/** … and Solo Café's owner finds no such Acme object. */
const appManagers404 = s(401, 403, 200, 200, 200, 404);
/** Any member of Acme reads it; another company's owner finds no such object. */
const members404 = () => s(401, 200, 200, 200, 200, 404);

/** Typed by RouteId: a route added to the contract without a row here does not compile. */
const EXPECTED: { [K in RouteId]: Record<Caller, number> } = {
  regions: everyone(200),
  stats: everyone(200),
  clientConfig: everyone(200),
  login: everyone(200),
  logout: members,
  getVerifyCode: everyone(200),
  resetPassword: everyone(200),
  me: members,
  // s(anonymous, staff, admin, owner, superAdmin, otherOwner)
  createPerson: s(401, 403, 200, 200, 200, 200), // other: adds the person to Solo Café
  editPerson: s(401, 200, 200, 200, 200, 200), // staff edits themself; staff is also Solo Café's member
  removePerson: s(401, 403, 200, 200, 200, 404),
  assignRobots: s(401, 403, 200, 200, 200, 404), // other: the robot is Acme's
  listPeople: members,
  searchPeople: members,
  exportPeople: members,
  userDevices: members,
  userBuildings: members,
  setAdmin: s(401, 403, 403, 200, 403, 200), // owner only; a super admin acts as Acme's administrator
  unsetAdmin: s(401, 403, 403, 200, 403, 200),
  transferOwner: s(401, 403, 403, 200, 403, 200),
  listCompanies: members,
  listOnesCompanies: members,
  searchSubsidiaries: members,
  createSubsidiary: s(401, 403, 200, 200, 200, 200),
  renameSubsidiary: s(401, 403, 200, 200, 200, 404), // other: Acme East is not Solo Café's
  searchByDevice: superOnly,
  companyByDeviceName: superOnly,
  listRoles: members,
  createRole: s(401, 403, 403, 200, 403, 200), // roles.manage is the owner's alone
  listRobots: members, // other: Solo Café's robots
  getRobot: s(401, 200, 200, 200, 200, 404),
  registerRobot: s(401, 403, 200, 200, 200, 200), // other: registers it in Solo Café
  editRobot: s(401, 403, 200, 200, 200, 404),
  removeRobot: s(401, 403, 200, 200, 200, 404),
  renewRobotCredentials: s(401, 403, 200, 200, 200, 404),
  sendCommand: s(401, 200, 200, 200, 200, 404), // staff: Walker was assigned to them by assignRobots, earlier
  listCommands: s(401, 200, 200, 200, 200, 404),
  robotHistory: s(401, 200, 200, 200, 200, 404),
  searchBuildings: members, // other: Solo Café's buildings
  getBuilding: s(401, 200, 200, 200, 200, 404),
  createBuilding: s(401, 403, 200, 200, 200, 200), // other: adds it to Solo Café
  editBuilding: s(401, 403, 200, 200, 200, 404),
  removeBuilding: s(401, 403, 200, 200, 200, 404),
  getFloor: s(401, 200, 200, 200, 200, 404),
  createFloor: s(401, 403, 200, 200, 200, 404), // other: the building is Acme's
  editFloor: s(401, 403, 200, 200, 200, 404),
  removeFloor: s(401, 403, 200, 200, 200, 404),
  uploadFloorMap: s(401, 403, 200, 200, 200, 404),
  getFloorMap: s(401, 200, 200, 200, 200, 404),
  listStations: s(401, 200, 200, 200, 200, 404),
  createStation: s(401, 403, 200, 200, 200, 404),
  editStation: s(401, 403, 200, 200, 200, 404),
  removeStation: s(401, 403, 200, 200, 200, 404),
  editRole: s(401, 403, 403, 200, 403, 404),
  deleteRole: s(401, 403, 403, 200, 403, 404),
  assignRole: s(401, 403, 403, 200, 403, 404),
  myPermissions: members,
  searchAudit: s(401, 403, 200, 200, 200, 200),
  searchMiniDevices: members,
  bindMiniBuilding: s(401, 403, 200, 200, 200, 404),
  listCompanyMiniDevices: members,
  getMiniDevice: s(401, 200, 200, 200, 200, 404),
  registerMiniDevice: s(401, 403, 200, 200, 200, 200), // other: registers it in Solo Café
  editMiniDevice: s(401, 403, 200, 200, 200, 404),
  renewMiniDeviceCredentials: s(401, 403, 200, 200, 200, 404),
  removeMiniDevice: s(401, 403, 200, 200, 200, 404),
  bulkBindMiniDevices: s(401, 403, 200, 200, 200, 200), // other: every row answers "no device of the company is named…"
  exportMiniDevices: members,
  identifyMiniDevice: s(401, 403, 409, 409, 409, 404), // the walk's device is not connected: refused, saying so
  testMiniDeviceCall: s(401, 403, 200, 200, 200, 404),
  cancelMiniDeviceCall: s(401, 403, 200, 200, 200, 404),
  miniDeviceEvents: members404(),
  miniDeviceCalls: members,
  getSsoConfig: superOnly,
  createSsoConfig: superOnly, // the super admin creates Acme's configuration
  editSsoConfig: s(401, 403, 403, 403, 404, 403), // the happy call names Fleet HQ's configuration
  deleteSsoConfig: s(401, 403, 403, 403, 404, 403), // … and Acme East's
  // Acme's configuration (created above) exists for the super admin, and its provider answers.
  testSsoConfig: s(401, 403, 403, 403, 200, 403),
  createScimToken: superOnly,
  deleteScimToken: superOnly,
  ssoLoginUrl: everyone(200),
  ssoLogin: everyone(200),
  operatorSsoLoginUrl: everyone(200),
  ssoCallback: everyone(303),
  ssoFinish: everyone(401),
  // The provider's SCIM token is the key: a console token, anyone's or none, neither adds nor takes away.
  scimServiceProviderConfig: everyone(200),
  scimResourceTypes: everyone(200),
  scimSchemas: everyone(200),
  scimListUsers: everyone(200),
  scimGetUser: everyone(200),
  scimCreateUser: everyone(201),
  scimReplaceUser: everyone(200),
  scimPatchUser: everyone(200),
  scimDeleteUser: everyone(204),
  listLiftGateways: members,
  registerLiftGateway: s(401, 403, 200, 200, 200, 200), // other: registers it in Solo Café
  editLiftGateway: s(401, 403, 200, 200, 200, 404),
  renewLiftGatewayPassword: s(401, 403, 200, 200, 200, 404),
  removeLiftGateway: s(401, 403, 200, 200, 200, 404),
  listLiftBanks: s(401, 200, 200, 200, 200, 404), // other: the building asked for is Acme's
  createLiftBank: s(401, 403, 200, 200, 200, 404),
  editLiftBank: s(401, 403, 200, 200, 200, 404),
  removeLiftBank: s(401, 403, 200, 200, 200, 404),
  createLift: s(401, 403, 200, 200, 200, 404),
  editLift: s(401, 403, 200, 200, 200, 404),
  removeLift: s(401, 403, 200, 200, 200, 404),
  setLiftEnabled: s(401, 403, 200, 200, 200, 404),
  listLiveLifts: s(401, 200, 200, 200, 200, 404), // other: the building asked for is Acme's
  liftCommand: s(401, 403, 200, 200, 200, 404), // lifts.operate: staff reads lifts only
  testLiftCall: s(401, 403, 409, 409, 409, 404), // the walk's lift has no gateway reporting it: refused, saying so
  liftEvents: members404(),
  liftBankHistory: members404(),
  // Audio needs enableAudio (AUDIO-ACCESS): Acme's admin and staff lack it, as does the super admin in Acme;
  // Solo Café's owner has it (walk-fixture), so Acme's ids are not found for them.
  searchAudioClips: audioMembers,
  uploadAudioClip: audioMembers, // other: uploads into Solo Café
  editAudioClip: audio404,
  removeAudioClip: audio404,
  audioClipLink: audio404,
  listenAudioClip: everyone(200), // the link is the key
  searchAudioGroups: audioMembers,
  getAudioGroup: audio404,
  createAudioGroup: audioMembers, // other: creates it in Solo Café
  editAudioGroup: audio404,
  duplicateAudioGroup: audio404,
  removeAudioGroup: audio404,
  publishAudioGroup: audio404,
  rollbackAudioGroup: audio404,
  retryAudioGroup: audio404,
  audioGroupRobots: audio404,
  playAudioNow: audio404, // the Walker does not answer: 200 with "no answer" after the wait
  stopAudio: audio404,
  setAudioVolume: audio404,
  listAudioBuildingRules: audioMembers,
  editAudioBuildingRules: audio404,
  audioRobotManifest: everyone(200), // the robot's link is the key
  audioRobotClip: everyone(200),
  analysisOptions: members,
  analysisSummary: members404(), // other: the filter names an Acme building
  analysisTrend: members, // other: Solo Café's own figures
  analysisHeatmap: members,
  analysisStates: members404(), // other: the filter names the Walker
  analysisErrors: members,
  analysisRanking: members404(),
  analysisTasks: members,
  analysisTask: members404(),
  exportAnalysis: members404(), // other: the filter names an Acme building
  analysisSettings: members,
  saveAnalysisSetting: s(401, 403, 200, 200, 200, 404), // analysis.manage; other: the building is Acme's
  removeAnalysisSetting: s(401, 403, 200, 200, 200, 404),
  recomputeAnalysis: s(401, 403, 200, 200, 200, 200), // other: recomputes Solo Café's
  listAnalysisReports: members,
  saveAnalysisReport: s(401, 403, 200, 200, 200, 404), // other: the report names an Acme building
  removeAnalysisReport: s(401, 403, 200, 200, 200, 404),
  sendAnalysisReport: s(401, 403, 200, 200, 200, 404),
  listAnalysisAlerts: members,
  saveAnalysisAlert: s(401, 403, 200, 200, 200, 404),
  removeAnalysisAlert: s(401, 403, 200, 200, 200, 404),
  getLocale: everyone(200),
  addMissingKeys: everyone(200),
  // API applications are the owner's and administrators' (APPS-MANAGE); staff are refused, Solo Café's owner
  // finds none of Acme's.
  listApiApps: appManagers, // other: Solo Café's own (none)
  createApiApp: appManagers, // other: creates one in Solo Café
  editApiApp: appManagers404,
  rotateApiAppSecret: appManagers404,
  revokeApiApp: appManagers404,
  reviewApiApp: s(401, 403, 403, 200, 200, 404), // the owner reviews; a super admin acts as Acme's owner would
  removeApiApp: appManagers404,
  apiAppUsage: appManagers404,
  listWebhooks: appManagers404,
  createWebhook: appManagers404,
  editWebhook: appManagers404,
  rotateWebhookSecret: appManagers404,
  removeWebhook: appManagers404,
  webhookDeliveries: appManagers404,
  testWebhook: appManagers404,
  // The open API's key is the application's token: a console token, anyone's or none, neither adds nor takes away.
  openToken: everyone(200),
  openApp: everyone(200),
  openRobots: everyone(200),
  openRobot: everyone(200),
  openGoTo: everyone(200),
  openPause: everyone(200),
  openResume: everyone(200),
  openCommand: everyone(200),
  openTasks: everyone(200),
  openFigures: everyone(200),
  openDevices: everyone(200),
  openLifts: everyone(200),
};

/** The demo account playing each caller. */
const ACCOUNT = {
  staff: 'staff',
  admin: 'admin',
  owner: 'owner',
  superAdmin: 'super',
  otherOwner: 'solo',
} as const satisfies Record<Exclude<Caller, 'anonymous'>, DemoAccount>;

/** Owner last: the owner's happy calls (set-admin, transfer) change who the others are in Acme. */
const CALLERS: Caller[] = ['anonymous', 'staff', 'admin', 'superAdmin', 'otherOwner', 'owner'];
/** Routes whose happy call changes roles or membership run last, in this order. */
const LAST: RouteId[] = ['assignRole', 'setAdmin', 'unsetAdmin', 'removePerson', 'transferOwner'];
const ROUTES = [...(Object.keys(api) as RouteId[]).filter((id) => !LAST.includes(id)), ...LAST];

/** The happy call made repeatable, for routes whose fixture is used up by the first caller. */
const REPEATABLE: Partial<Record<RouteId, (c: WalkContext, who: Caller) => Promise<WalkCall>>> = {
  createPerson: async (c, who) => {
    const spec = await HAPPY.createPerson(c);
    return { ...spec, body: { ...(spec.body as object), email: `wally.${who.toLowerCase()}@acme.test` } };
  },
  removePerson: async (c) => {
    // The happy call's person, added back when a previous caller removed it (409 when still there).
    await call(c.t.app, 'createPerson', {
      token: c.token.owner,
      body: { firstName: 'Temp', lastName: 'Worker', email: 'temp@acme.test' },
    });
    return { as: 'owner', body: { id: await userIdOf(c.t, 'temp@acme.test') }, status: 200 };
  },
  resetPassword: async (c, who) => {
    const email = `newcomer.${who.toLowerCase()}@acme.test`;
    await call(c.t.app, 'createPerson', {
      token: c.token.owner,
      body: { firstName: 'New', lastName: 'Comer', email },
    });
    const mail = (await outbox(c.t.dataDir)).filter((m) => m.to === email).at(-1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    return { as: 'anonymous', body: { email, code, password: 'welcome-123' }, status: 200 };
  },
};

describe('every route × every caller', () => {
  let t: TestApp;
  let c: WalkContext;
  const token = {} as Record<Exclude<Caller, 'anonymous'>, string>;
  const freshToken = async (who: Exclude<Caller, 'anonymous'>) =>
    (await demoTokens(t, ACCOUNT[who]))[ACCOUNT[who]];

  beforeAll(async () => {
    t = await buildTestApp({ localesDir: FIXTURE_LOCALES });
    c = await walkContext(t);
    for (const who of CALLERS) if (who !== 'anonymous') token[who] = await freshToken(who);
  });
  afterAll(() => t.close());

  it('has a row for every route of the contract, and only those', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(api).sort());
    expect([...ROUTES].sort()).toEqual(Object.keys(api).sort());
  });

  it.each(ROUTES)('%s answers each caller as the rules say', async (id) => {
    const got = {} as Record<Caller, number>;
    const bodies: string[] = [];
    for (const who of CALLERS) {
      const spec = await (REPEATABLE[id] ?? HAPPY[id])(c, who);
      const callerToken = who === 'anonymous' ? null : id === 'logout' ? await freshToken(who) : token[who];
      const res = await call(t.app, id, { ...spec, token: callerToken });
      got[who] = res.status;
      if (res.status !== EXPECTED[id][who]) bodies.push(`${who}: ${JSON.stringify(res.body).slice(0, 200)}`);
      if (!(api[id] as RouteDef).raw && res.status !== 200)
        expect(res.body.success, `${id} as ${who}`).toBe(false);
    }
    expect(got, bodies.join('\n')).toEqual(EXPECTED[id]);
  });
});
