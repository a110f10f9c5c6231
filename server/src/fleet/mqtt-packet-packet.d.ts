/*
 * mqtt-packet's packet class (packet.js), which its own declarations do not name: the broker's short way for
 * publications (publish-parser.ts) makes its packets with it, so they are the objects mqtt-packet would make.
 */
declare module 'mqtt-packet/packet.js' {
  class Packet {
    cmd: string | null;
    retain: boolean;
    qos: number;
    dup: boolean;
    length: number;
    topic: string | null;
    payload: Buffer | null;
  }
  export default Packet;
}
