import net from 'node:net';

/** `count` ports in a row that are free now (HAProxy's and its instances', a broker's). */
export async function freePorts(count = 1): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    const free = await Promise.all(
      Array.from(
        { length: count },
        (_, i) =>
          new Promise<boolean>((resolve) => {
            const s = net.createServer();
            s.once('error', () => resolve(false));
            s.listen(base + i, '127.0.0.1', () => s.close(() => resolve(true)));
          }),
      ),
    );
    if (free.every(Boolean)) return base;
  }
}

/** Topics of one test run only: the machine's broker is shared with every other test file. */
export const topicsOfRun = (tag: string) => ({
  VDA_INTERFACE: tag,
  LIFT_TOPIC_PREFIX: `${tag}lift/v1`,
  DEVICE_TOPIC_PREFIX: `${tag}dev/v1`,
});
