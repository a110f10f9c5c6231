export type Qos = 0 | 1;

/** The topics a robot listens to. */
export type CommandTopic = 'order' | 'instantActions';

export interface TransportHandlers {
  /** Called on every (re)connection: the robot then announces itself (connection ONLINE, factsheet). */
  onConnect(): void;
  onCommand(topic: CommandTopic, payload: Buffer): void;
}

/**
 * How one robot reaches the broker: its own MQTT connection (the real thing, with a last will), or a slot on
 * a few shared connections (the load generator). The robot does not know which.
 */
export interface RobotTransport {
  /** Connects and subscribes; resolves after the first connection is up. */
  open(handlers: TransportHandlers): Promise<void>;
  /** `sub` is the last topic level (`state`, `connection`…). Returns false when the message was dropped. */
  publish(sub: string, payload: string, qos: Qos, retain: boolean): boolean;
  /** Waits until what was published (QoS 1 included) has left, then disconnects cleanly. */
  close(): Promise<void>;
  /** Drops the connection without a DISCONNECT, as a crash or a cut cable would: the broker sends the will. */
  kill(): void;
}

export interface TopicConfig {
  /** VDA 5050 interface name, `uagv`. */
  interfaceName: string;
  /** Major version level, `v2`. */
  majorVersion: string;
}

export const defaultTopics: TopicConfig = { interfaceName: 'uagv', majorVersion: 'v2' };

export function topicBase(t: TopicConfig, manufacturer: string, serialNumber: string): string {
  return `${t.interfaceName}/${t.majorVersion}/${manufacturer}/${serialNumber}`;
}
