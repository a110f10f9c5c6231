/**
 * The few log calls the fleet's ingest and broker make. A pino logger is one; in the ingest thread it is a
 * logger that hands each line to the main thread's.
 */
export interface FleetLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
