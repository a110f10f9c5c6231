import { liftAdapter, liftPolicy } from '@fleet/contract';
import { eq, like } from 'drizzle-orm';
import { loadConfig } from '../../server/src/config.js';
import { buildings, liftBanks, liftGateways, lifts } from '../../server/src/db/schema/index.js';
import { hashGatewaySecret } from '../../server/src/modules/lifts/link/gateway-credentials.js';
import { openDatabases } from '../../server/src/start.js';
import type { BenchDatabase } from '../support/throwaway-postgres.js';

/** Lifts per gateway, as a vendor's group controller reports a whole bank of cars. */
const LIFTS_PER_GATEWAY = 50;
const GATEWAY_NAME = 'bench-gateway-';

export interface BenchLift {
  id: string;
  gatewayId: string;
  liftName: string;
}

/**
 * Registers exactly `count` lifts of the company on gateways of 50, each gateway with `password`, with the
 * server's own schema while the server is stopped (it loads them at start). Earlier bench lifts go first.
 */
export async function registerLifts(
  db: BenchDatabase,
  companyId: string,
  count: number,
  password: string,
): Promise<BenchLift[]> {
  const dbs = await openDatabases(
    loadConfig({
      DATA_DIR: db.dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      ...(db.url ? { DATABASE_URL: db.url } : {}),
    }),
  );
  const reg = dbs.regional.db;
  try {
    const old = await reg
      .select()
      .from(liftGateways)
      .where(like(liftGateways.name, `${GATEWAY_NAME}%`));
    for (const g of old) {
      await reg.delete(liftBanks).where(eq(liftBanks.gatewayId, g.id));
      await reg.delete(liftGateways).where(eq(liftGateways.id, g.id));
    }
    if (count === 0) return [];
    const [building] = await reg.select().from(buildings).where(eq(buildings.companyId, companyId)).limit(1);
    if (!building) throw new Error('the bench company has no building for its lifts');
    const hash = hashGatewaySecret(password);
    const out: BenchLift[] = [];
    for (let g = 0; g * LIFTS_PER_GATEWAY < count; g++) {
      const [gateway] = await reg
        .insert(liftGateways)
        .values({ companyId, name: `${GATEWAY_NAME}${g + 1}`, passwordHash: hash })
        .returning();
      if (!gateway) throw new Error('gateway not created');
      const [bank] = await reg
        .insert(liftBanks)
        .values({
          companyId,
          buildingId: building.id,
          name: `Bench bank ${g + 1}`,
          vendor: 'generic',
          gatewayId: gateway.id,
          adapter: liftAdapter.parse({}),
          policy: liftPolicy.parse({}),
        })
        .returning();
      if (!bank) throw new Error('bank not created');
      const n = Math.min(LIFTS_PER_GATEWAY, count - g * LIFTS_PER_GATEWAY);
      const rows = await reg
        .insert(lifts)
        .values(
          Array.from({ length: n }, (_, i) => ({
            companyId,
            bankId: bank.id,
            gatewayId: gateway.id,
            name: `Bench car ${g + 1}-${i + 1}`,
            gatewayLiftName: `car${i + 1}`,
            doorSides: ['front' as const],
            servedFloorIds: [],
            landings: [],
          })),
        )
        .returning();
      for (const r of rows) out.push({ id: r.id, gatewayId: gateway.id, liftName: r.gatewayLiftName });
    }
    return out;
  } finally {
    await dbs.close();
  }
}
