import { KPI_IDS, kpiValues } from '@fleet/contract';
import type { AppCaller } from '../../../auth/app-tokens.js';
import { notFound } from '../../../errors.js';
import { tasksIn } from '../../../fleet/history/facts-repo.js';
import type { Handlers } from '../../../http/handlers.js';
import type { Services } from '../../../services.js';
import { totalsOf } from '../../analysis/figures/day-sums.js';
import { robotPlaces } from '../../analysis/rollup/rollup-worker.js';
import { toTaskDto } from '../../analysis/tasks/task-search.js';
import { buildingNames } from '../../buildings/repo.js';
import { companyOf } from '../../companies/repo.js';
import { toMiniDeviceDto } from '../../devices/dtos.js';
import { findMiniDevices } from '../../devices/repo.js';
import { commandDtos } from '../../robots/command-dtos.js';
import { appIssuer } from '../../robots/command-issuer.js';
import { commandOf } from '../../robots/repo.js';
import { sendCommand } from '../../robots/send-command.js';
import { buildingsReached, reachesRobot, robotsReached } from '../robot-reach.js';

type OpenRouteId =
  | 'openApp'
  | 'openRobots'
  | 'openRobot'
  | 'openGoTo'
  | 'openPause'
  | 'openResume'
  | 'openCommand'
  | 'openTasks'
  | 'openFigures'
  | 'openDevices'
  | 'openLifts';

const NO_ROBOTS =
  'This application reaches no robot: an owner or administrator of the company chooses its robots (all, or some ' +
  'robots or buildings) on the console’s App page, under API applications.';

/**
 * The open API: each call is scoped to the application's company and the robots it reaches, so a robot outside
 * its set answers 404 exactly as another company's would. Scopes were checked when the call was authenticated.
 */
export function openHandlers(services: Services): Handlers<OpenRouteId> {
  const { reg, fleet } = services;
  /** The robot, if the application reaches it; 404 otherwise, whoever's it is. */
  const reached = (app: AppCaller, id: string) => {
    const robot = fleet.store.get(id);
    const identity = fleet.store.identity(id);
    if (!robot || identity?.companyId !== app.companyId || !reachesRobot(app.robots, id, robot.buildingId))
      throw notFound('robot');
    return robot;
  };
  const command = (app: AppCaller, ip: string, id: string, type: 'pause' | 'resume') => {
    reached(app, id);
    return sendCommand(services, appIssuer(services, app, ip), id, { type });
  };

  return {
    openApp: async (_input, { app }) => {
      const company = await companyOf(services.dir, app.companyId);
      return {
        name: app.name,
        companyName: company?.name ?? '',
        scopes: app.scopes,
        tokenScopes: app.tokenScopes,
        robotCount: robotsReached(fleet.store, app.companyId, app.robots).length,
        rateLimitPerMinute: app.rateLimitPerMinute,
        expiresAt: app.expiresAt?.toISOString() ?? null,
      };
    },
    openRobots: async ({ query }, { app }) => {
      const all = robotsReached(fleet.store, app.companyId, app.robots);
      const robots = query.buildingId ? all.filter((r) => r.buildingId === query.buildingId) : all;
      return { robots, hint: all.length ? null : NO_ROBOTS };
    },
    openRobot: async ({ params }, { app }) => reached(app, params.id),
    openGoTo: async ({ params, body }, { app, ip }) => {
      reached(app, params.id);
      return sendCommand(services, appIssuer(services, app, ip), params.id, {
        type: 'goTo',
        ...(body.stationId ? { stationId: body.stationId } : {}),
        ...(body.target ? { target: body.target } : {}),
      });
    },
    openPause: ({ params }, { app, ip }) => command(app, ip, params.id, 'pause'),
    openResume: ({ params }, { app, ip }) => command(app, ip, params.id, 'resume'),
    openCommand: async ({ params }, { app }) => {
      const row = await commandOf(reg, app.companyId, params.id);
      // Only what this application sent: a person's command, or another application's, is not its business.
      if (!row || row.issuedByApp !== app.appId) throw notFound('command');
      const [dto] = await commandDtos(services, [row]);
      if (!dto) throw notFound('command');
      return dto;
    },
    openTasks: async ({ query }, { app }) => {
      const ids = robotsReached(fleet.store, app.companyId, app.robots).map((r) => r.id);
      if (query.robotId && !ids.includes(query.robotId)) throw notFound('robot');
      const robotIds = query.robotId ? [query.robotId] : ids;
      if (!robotIds.length) return { list: [], totalCnt: 0 };
      const places = await robotPlaces(reg, { companyIds: [app.companyId], robotIds });
      const q = tasksIn(
        reg,
        [app.companyId],
        [{ robotIds, from: new Date(query.since), to: new Date(query.until), timeZone: 'UTC' }],
        undefined,
      );
      const [counted, rows] = await Promise.all([
        q.count(),
        q.page((query.pageIndex - 1) * query.pageLength, query.pageLength),
      ]);
      const names = await buildingNames(
        reg,
        app.companyId,
        rows.flatMap((t) => (t.buildingId ? [t.buildingId] : [])),
      );
      const placeOf = new Map(places.map((p) => [p.id, p]));
      return {
        list: rows.map((t) =>
          toTaskDto(t, placeOf.get(t.robotId), t.buildingId ? (names.get(t.buildingId) ?? null) : null),
        ),
        totalCnt: counted[0]?.n ?? 0,
      };
    },
    openFigures: async ({ query }, { app }) => {
      let robots = robotsReached(fleet.store, app.companyId, app.robots);
      if (query.robotId) {
        robots = robots.filter((r) => r.id === query.robotId);
        if (!robots.length) throw notFound('robot');
      }
      if (query.buildingId) robots = robots.filter((r) => r.buildingId === query.buildingId);
      const values = robots.length
        ? kpiValues(
            await totalsOf(reg, {
              companyIds: [app.companyId],
              robotIds: robots.map((r) => r.id),
              from: query.from,
              to: query.to,
            }),
          )
        : null;
      return {
        from: query.from,
        to: query.to,
        robots: robots.length,
        figures: KPI_IDS.map((id) => ({ id, value: values ? values[id] : null })),
      };
    },
    openDevices: async (_input, { app }) => {
      const buildings = buildingsReached(fleet.store, app.companyId, app.robots);
      const { rows } = await findMiniDevices(reg, app.companyId, {});
      return rows
        .filter((r) => buildings === null || (r.buildingId !== null && buildings.has(r.buildingId)))
        .map((r) => toMiniDeviceDto(r, services.devices));
    },
    openLifts: async (_input, { app }) => {
      const buildings = buildingsReached(fleet.store, app.companyId, app.robots);
      return services.lifts.store
        .list(app.companyId)
        .filter((l) => buildings === null || buildings.has(l.buildingId));
    },
  };
}
