import { REGISTRY_TIMINGS } from '../instances/instance-registry.js';

/** A robot that changes nothing worth noting still gets a sample this often. */
export const SAMPLE_EVERY_MS = 10_000;
export const FLUSH_MS = 1000;
/**
 * How long rows of the robots this instance stands in for are kept: longer than their owner may go unseen before
 * the others take its robots, plus a beat and a write. A killed owner wrote nothing of its last seconds.
 */
export const STAND_IN_MS = REGISTRY_TIMINGS.aliveMs + 2 * REGISTRY_TIMINGS.beatMs + 2 * FLUSH_MS;
/** After the instances change, writes leave out what the robots' previous owners already wrote, this long. */
export const HANDOVER_MS = 3000;
