import type { LiftPolicy } from '@fleet/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from '../helper.js';

const UP = Math.PI / 2;

/**
 * Acme Tower's own lift for a ride test: the demo's banks of the tower removed (no gateway reports them here, yet a
 * ride could choose them), a gateway registered, and bank "Core" with "Lift A" serving the lobby and floor 12 at
 * the demo map's landings. Answers the lift, and the gateway with the password shown once.
 */
export async function towerLift(
  app: FastifyInstance,
  token: string,
  at: { tower: string; lobby: string; floor12: string },
  policy: Pick<
    LiftPolicy,
    'callTimeoutS' | 'boardingTimeoutS' | 'rideTimeoutS' | 'sessionTimeoutS' | 'doorHoldS'
  >,
): Promise<{ liftId: string; gatewayId: string; gatewayPassword: string }> {
  const demoBanks = await call(app, 'listLiftBanks', { token, query: { buildingId: at.tower } });
  for (const bank of demoBanks.body.data)
    await call(app, 'removeLiftBank', { token, params: { id: bank.id } });
  const registered = await call(app, 'registerLiftGateway', { token, body: { name: 'Tower core' } });
  expect(registered.status, registered.body.info).toBe(200);
  const { gateway, credentials } = registered.body.data;
  const bank = await call(app, 'createLiftBank', {
    token,
    body: { buildingId: at.tower, name: 'Core', vendor: 'simulated', gatewayId: gateway.id, policy },
  });
  expect(bank.status, bank.body.info).toBe(200);
  const lift = await call(app, 'createLift', {
    token,
    body: {
      bankId: bank.body.data.id,
      name: 'Lift A',
      gatewayLiftName: 'A',
      doorSides: ['front'],
      servedFloorIds: [at.lobby, at.floor12],
      landings: [
        {
          floorId: at.lobby,
          side: 'front',
          floorCode: '0',
          outside: { x: 27.75, y: 29.5, theta: UP },
          inside: { x: 27.75, y: 33, theta: UP },
        },
        {
          floorId: at.floor12,
          side: 'front',
          floorCode: '12',
          outside: { x: 30, y: 12.5, theta: -UP },
          inside: { x: 30, y: 16.5, theta: -UP },
        },
      ],
    },
  });
  expect(lift.status, lift.body.info).toBe(200);
  return { liftId: lift.body.data.id, gatewayId: gateway.id, gatewayPassword: credentials.password };
}
