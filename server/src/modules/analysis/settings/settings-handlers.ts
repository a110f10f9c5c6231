import type { SaveSettingBody, SettingVersion } from '@fleet/contract';
import { SETTING_SCOPES } from '@fleet/contract';
import { authorize } from '../../../auth/authorize.js';
import type { Session } from '../../../auth/sessions.js';
import { badRequest, notFound } from '../../../errors.js';
import type { Handlers } from '../../../http/handlers.js';
import type { Services } from '../../../services.js';
import { audit } from '../../audit/record-audit.js';
import { buildingZones } from '../../buildings/repo.js';
import { robotIdsInBuilding, robotOf } from '../../robots/repo.js';
import { deleteSetting, type StoredSetting, settingsOf, upsertSetting } from './settings-repo.js';

function toVersion(row: StoredSetting): SettingVersion {
  return {
    id: row.id,
    kind: row.kind,
    scope: { kind: row.scopeKind, id: row.scopeId },
    effectiveFrom: row.effectiveFrom,
    value: row.value,
    changedBy: row.changedBy,
    changedAt: row.changedAt.toISOString(),
  };
}

/** The scope must be one the kind allows, and the company's own building or robot. */
async function checkScope(services: Services, session: Session, body: SaveSettingBody): Promise<void> {
  const { scope, kind } = body;
  if (!SETTING_SCOPES[kind].includes(scope.kind)) {
    throw badRequest('body.scope.kind', `${kind} is set on ${SETTING_SCOPES[kind].join(' or ')}`);
  }
  if (scope.kind === 'company') {
    if (scope.id !== null) throw badRequest('body.scope.id', 'the company scope has no id');
    return;
  }
  if (!scope.id) throw badRequest('body.scope.id', `a ${scope.kind} scope names the ${scope.kind}`);
  if (scope.kind === 'robot') await robotOf(services.reg, session.companyId, scope.id);
  else {
    const b = (await buildingZones(services.reg, [scope.id])).get(scope.id);
    if (!b || b.companyId !== session.companyId) throw notFound('building');
  }
}

/** The robots whose days a version of this scope changes (targets change no roll-up: they are read live). */
async function robotsOfScope(
  services: Services,
  session: Session,
  row: StoredSetting,
): Promise<string[] | null> {
  if (row.kind === 'targets') return [];
  if (row.scopeKind === 'company' || !row.scopeId) return null;
  if (row.scopeKind === 'robot') return [row.scopeId];
  return robotIdsInBuilding(services.reg, session.companyId, row.scopeId);
}

async function requeue(services: Services, session: Session, row: StoredSetting): Promise<void> {
  const robots = await robotsOfScope(services, session, row);
  if (robots?.length === 0) return;
  await services.analysis.queueFrom(session.companyId, row.effectiveFrom, robots ?? undefined);
  void services.analysis.run();
}

export function settingHandlers(
  services: Services,
): Handlers<'analysisSettings' | 'saveAnalysisSetting' | 'removeAnalysisSetting' | 'recomputeAnalysis'> {
  return {
    analysisSettings: async (_input, { session }) => {
      authorize(session, 'analysis.read');
      return { versions: (await settingsOf(services.reg, session.companyId)).map(toVersion) };
    },
    saveAnalysisSetting: async ({ body }, { session, ip }) => {
      authorize(session, 'analysis.manage');
      await checkScope(services, session, body);
      const row = await upsertSetting(services.reg, session.companyId, body, session.userId);
      await audit(services.dir, session, ip, 'analysisSetting.save', row.id, {
        kind: row.kind,
        scope: row.scopeKind,
        scopeId: row.scopeId,
        effectiveFrom: row.effectiveFrom,
      });
      await requeue(services, session, row);
      return toVersion(row);
    },
    removeAnalysisSetting: async ({ params }, { session, ip }) => {
      authorize(session, 'analysis.manage');
      const row = await deleteSetting(services.reg, session.companyId, params.id);
      await audit(services.dir, session, ip, 'analysisSetting.remove', row.id, {
        kind: row.kind,
        scope: row.scopeKind,
        scopeId: row.scopeId,
        effectiveFrom: row.effectiveFrom,
      });
      await requeue(services, session, row);
      return null;
    },
    recomputeAnalysis: async ({ body }, { session, ip }) => {
      authorize(session, 'analysis.manage');
      const robotDays = await services.analysis.queueFrom(session.companyId, body.from);
      await audit(services.dir, session, ip, 'analysis.recompute', session.companyId, { from: body.from });
      void services.analysis.run();
      return { from: body.from, robotDays };
    },
  };
}
