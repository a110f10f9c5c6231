import type { GatewayCredentials } from '@fleet/contract';
import { authorize } from '../../auth/authorize.js';
import { conflict } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { assertServedHere } from '../regions/region-of.js';
import { toGatewayDto } from './dtos.js';
import { liftRule } from './lift-rules.js';
import { hashGatewaySecret, newGatewaySecret } from './link/gateway-credentials.js';
import { gatewayUsername } from './link/topics.js';
import {
  bankNamesOfGateway,
  deleteGateway,
  gatewayOf,
  gatewaysOf,
  insertGateway,
  updateGateway,
} from './repo.js';

type GatewayRouteId =
  | 'listLiftGateways'
  | 'registerLiftGateway'
  | 'editLiftGateway'
  | 'renewLiftGatewayPassword'
  | 'removeLiftGateway';

/** Lift gateways: the MQTT logins lift adapters and relay boxes use (docs/protocols.md, "The lift link"). */
export function gatewayHandlers(services: Services): Handlers<GatewayRouteId> {
  const { reg, config } = services;
  const prefix = config.liftPrefix;
  const online = (id: string) => services.lifts.store.gatewayOnline(id);
  const credentials = (gatewayId: string, password: string): GatewayCredentials => ({
    gatewayId,
    username: gatewayUsername(prefix, gatewayId),
    password,
    topicRoot: gatewayUsername(prefix, gatewayId),
    mqttPort: services.fleet.broker?.port ?? null,
  });

  return {
    listLiftGateways: async (_input, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.read');
      return (await gatewaysOf(reg, session.companyId)).map((g) => toGatewayDto(g, prefix, online(g.id)));
    },
    registerLiftGateway: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.manage');
      const password = newGatewaySecret();
      const row = await insertGateway(reg, {
        companyId: session.companyId,
        name: body.name,
        passwordHash: hashGatewaySecret(password),
      });
      services.lifts.store.registerGateway(row.id);
      await audit(services.dir, session, ip, 'liftGateway.register', row.id, { name: body.name });
      return {
        gateway: toGatewayDto({ ...row, bankCount: 0 }, prefix, null),
        credentials: credentials(row.id, password),
      };
    },
    editLiftGateway: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.manage');
      const before = await gatewayOf(reg, session.companyId, body.id);
      await updateGateway(reg, session.companyId, body.id, { name: body.name });
      await audit(services.dir, session, ip, 'liftGateway.edit', body.id, {
        from: before.name,
        to: body.name,
      });
      return toGatewayDto(await gatewayOf(reg, session.companyId, body.id), prefix, online(body.id));
    },
    renewLiftGatewayPassword: async ({ params }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.manage');
      const gateway = await gatewayOf(reg, session.companyId, params.id);
      const password = newGatewaySecret();
      await updateGateway(reg, session.companyId, gateway.id, { passwordHash: hashGatewaySecret(password) });
      // The old password's connections end now; the gateway logs in again with the new one.
      services.fleet.broker?.disconnectPeripheral('lifts', gateway.id);
      await audit(services.dir, session, ip, 'liftGateway.renewCredentials', gateway.id, {
        name: gateway.name,
      });
      return credentials(gateway.id, password);
    },
    removeLiftGateway: async ({ params }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.manage');
      const gateway = await gatewayOf(reg, session.companyId, params.id);
      const banks = await bankNamesOfGateway(reg, session.companyId, gateway.id);
      if (banks.length > 0)
        throw conflict(
          `${gateway.name} reports the lifts of ${banks.join(', ')}: give those banks another gateway first`,
          liftRule('gatewayInUse', { gateway: gateway.name, banks: banks.join(', ') }),
        );
      await deleteGateway(reg, session.companyId, gateway.id);
      services.lifts.store.unregisterGateway(gateway.id);
      services.fleet.broker?.disconnectPeripheral('lifts', gateway.id);
      await audit(services.dir, session, ip, 'liftGateway.remove', gateway.id, { name: gateway.name });
      return null;
    },
  };
}
