import { authorize } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import type { Services } from '../../services.js';
import { audit, recordAudit } from '../audit/record-audit.js';

/**
 * Who sends a robot a command: a person signed in to the console, or an API application of the company (its scope
 * was checked at its route; its robot set before the command is built).
 */
export interface CommandIssuer {
  companyId: string;
  /** The person, when a person sends it. */
  userId: string | null;
  /** The application, when an application sends it. */
  app: { id: string; name: string } | null;
  /** Refuses a person who may not operate this robot. */
  mayOperate(assignedUserIds: readonly string[]): void;
  audit(robotId: string, detail: Record<string, unknown>): Promise<void>;
}

export function personIssuer(services: Services, session: Session, ip: string): CommandIssuer {
  return {
    companyId: session.companyId,
    userId: session.userId,
    app: null,
    mayOperate: (assignedUserIds) => authorize(session, 'robots.operate', { kind: 'robot', assignedUserIds }),
    audit: (robotId, detail) => audit(services.dir, session, ip, 'robot.command', robotId, detail),
  };
}

export function appIssuer(
  services: Services,
  app: { appId: string; companyId: string; name: string },
  ip: string,
): CommandIssuer {
  return {
    companyId: app.companyId,
    userId: null,
    app: { id: app.appId, name: app.name },
    mayOperate: () => {},
    // No person acts: the audit row names the application, as an identity provider's changes name the provider.
    audit: (robotId, detail) =>
      recordAudit(services.dir, {
        companyId: app.companyId,
        actorId: null,
        action: 'robot.command',
        targetId: robotId,
        detail: { ...detail, apiApp: app.name, apiAppId: app.appId },
        ip,
      }),
  };
}
