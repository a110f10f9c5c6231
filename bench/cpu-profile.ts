/**
 * Reads a V8 CPU profile (`.cpuprofile`, as `BENCH_CPU_PROF_DIR` writes the server's) and says where the time went:
 * busy time per second, then the functions by their own time and by their time with what they called, optionally
 * within a window of the profile and under one function (split by what it called directly).
 *
 *   npx tsx bench/cpu-profile.ts <file.cpuprofile> [--from <s>] [--to <s>] [--top <n>] [--under <name:line>]
 *
 * Functions are named `name file:line` (`(anon)` for anonymous ones; lines of the bundle when the server ran as
 * its bundle). `--under 'flush:10664'` splits the time spent in that function by its direct callees.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    top: { type: 'string' },
    under: { type: 'string' },
  },
});
const file = positionals[0];
if (!file) {
  process.stderr.write(
    'usage: cpu-profile.ts <file.cpuprofile> [--from s] [--to s] [--top n] [--under name:line]\n',
  );
  process.exit(2);
}
const from = Number(values.from ?? 0) * 1e6;
const to = Number(values.to ?? Number.POSITIVE_INFINITY) * 1e6;
const top = Number(values.top ?? 40);

const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const shortName = (n: ProfileNode) => `${n.callFrame.functionName || '(anon)'}:${n.callFrame.lineNumber + 1}`;
const fullName = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').at(-1) ?? ''}:${n.callFrame.lineNumber + 1}`;
const idle = (n: ProfileNode) => n.callFrame.functionName === '(idle)';

const perSecond = new Map<number, number>();
const own = new Map<string, number>();
const inclusive = new Map<string, number>();
const under = new Map<string, number>();
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
let t = 0;
let busy = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  t += dt;
  const node = byId.get(id);
  if (!node || idle(node)) return;
  const second = Math.floor(t / 1e6);
  perSecond.set(second, (perSecond.get(second) ?? 0) + dt);
  if (t < from || t >= to) return;
  busy += dt;
  add(own, fullName(node), dt);
  const path: ProfileNode[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const n = byId.get(at);
    if (n) path.push(n);
  }
  for (const name of new Set(path.map(fullName))) add(inclusive, name, dt);
  if (values.under) {
    const i = path.findIndex((n) => shortName(n) === values.under);
    if (i >= 0) add(under, i === 0 ? '(self)' : fullName(path[i - 1] as ProfileNode), dt);
  }
});

const pct = (v: number) => `${((v / Math.max(1, busy)) * 100).toFixed(2).padStart(6)} %`;
const secs = (v: number) => `${(v / 1e6).toFixed(3).padStart(8)} s`;
const list = (title: string, m: Map<string, number>) =>
  `${title}\n${[...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => `${pct(v)} ${secs(v)}  ${k}`)
    .join('\n')}`;
const lines = [
  `busy ms per second: ${[...perSecond].map(([s, v]) => `${s}:${Math.round(v / 1e3)}`).join(' ')}`,
  `busy in the window: ${(busy / 1e6).toFixed(2)} s`,
  list('== own time', own),
  list('== with callees', inclusive),
];
if (values.under) lines.push(list(`== under ${values.under}, by direct callee`, under));
process.stdout.write(`${lines.join('\n\n')}\n`);
