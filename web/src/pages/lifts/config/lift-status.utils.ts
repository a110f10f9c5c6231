import type { Lift, LiftGateway } from '@fleet/contract';

/** Robots may ride only after a test call passed since the lift's last change (the server's rule too). */
export function needsTestCall(lift: Pick<Lift, 'testPassedAt' | 'changedAt'>): boolean {
  return lift.testPassedAt === null || Date.parse(lift.testPassedAt) < Date.parse(lift.changedAt);
}

export type GatewayLink = 'online' | 'offline' | 'never';

/** `online` is null for a gateway that never logged in. */
export function gatewayLink(gateway: Pick<LiftGateway, 'online'>): GatewayLink {
  return gateway.online === null ? 'never' : gateway.online ? 'online' : 'offline';
}

/** A duration in milliseconds as a person reads it: "850 ms", "3.2 s". */
export function durationText(ms: number | null, lng: string): string {
  if (ms === null) return '–';
  if (ms < 1000) return `${ms} ms`;
  const s = new Intl.NumberFormat(lng === 'zh' ? 'zh-CN' : 'en', { maximumFractionDigits: 1 }).format(
    ms / 1000,
  );
  return `${s} s`;
}

/** The floor codes a test call can go to: the lift's landings', each once, in their order. */
export function floorCodesOf(lift: Pick<Lift, 'landings'>): string[] {
  return [...new Set(lift.landings.map((l) => l.floorCode))];
}
