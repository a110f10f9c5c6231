export const VDA_TOPICS = [
  'connection',
  'state',
  'visualization',
  'factsheet',
  'order',
  'instantActions',
] as const;
export type VdaTopic = (typeof VDA_TOPICS)[number];

/** What a robot publishes (its telemetry), as opposed to the commands it is sent. */
export const ROBOT_PUBLISHES: ReadonlySet<string> = new Set<VdaTopic>([
  'connection',
  'state',
  'visualization',
  'factsheet',
]);

export interface RobotTopic {
  manufacturer: string;
  serialNumber: string;
  kind: VdaTopic;
}

/** `{interface}/{major}/{manufacturer}/{serialNumber}/{kind}`, or null for anything else. */
export function parseTopic(prefix: string, topic: string): RobotTopic | null {
  if (!topic.startsWith(`${prefix}/`)) return null;
  const parts = topic.slice(prefix.length + 1).split('/');
  if (parts.length !== 3) return null;
  const [manufacturer, serialNumber, kind] = parts as [string, string, string];
  if (!manufacturer || !serialNumber || !(VDA_TOPICS as readonly string[]).includes(kind)) return null;
  return { manufacturer, serialNumber, kind: kind as VdaTopic };
}

export const robotTopic = (prefix: string, manufacturer: string, serialNumber: string, kind: VdaTopic) =>
  `${prefix}/${manufacturer}/${serialNumber}/${kind}`;

/** The MQTT username of a robot: the two topic levels it owns. */
export const robotUsername = (manufacturer: string, serialNumber: string) =>
  `${manufacturer}/${serialNumber}`;

/** Topic levels must not hold MQTT's own separators or wildcards. */
export const TOPIC_LEVEL = /^[^/#+\s]{1,64}$/;
