import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * Child processes of the benchmark. Each is plain `node --import tsx <file>` (what `tsx <file>` runs, minus
 * the tsx wrapper process) or, for JavaScript such as the server's bundle, `node <file>`, so its pid is the
 * process whose CPU and memory are measured.
 */
export interface Child {
  name: string;
  proc: ChildProcess;
  pid: number;
  /** The last lines it printed (stdout and stderr), for error messages. */
  tail(): string;
  /** Resolves with the first line that matches, or rejects when the process exits or the time is up. */
  waitForLine(match: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
  onLine(listener: (line: string) => void): void;
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<number | null>;
}

const live = new Set<ChildProcess>();

/** Ends every child still running: called on errors, signals and the watchdog. */
export function killAll(): void {
  for (const p of live) p.kill('SIGKILL');
}

export function startNode(
  name: string,
  script: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; nodeArgs?: string[]; echo?: RegExp },
): Child {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...loader, script, ...args], {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (proc.pid === undefined) throw new Error(`${name} did not start`);
  live.add(proc);
  const lines: string[] = [];
  const listeners = new Set<(line: string) => void>();
  const exited = new Promise<number | null>((resolve) => {
    proc.on('exit', (code) => {
      live.delete(proc);
      resolve(code);
    });
  });
  for (const stream of [proc.stdout, proc.stderr]) {
    let partial = '';
    stream?.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line.length > 2000 ? `${line.slice(0, 2000)}…` : line);
        if (lines.length > 40) lines.shift();
        if (opts.echo?.test(line)) process.stderr.write(`  [${name}] ${line.slice(0, 400)}\n`);
        for (const l of listeners) l(line);
      }
    });
  }
  const child: Child = {
    name,
    proc,
    pid: proc.pid,
    tail: () => lines.join('\n'),
    onLine: (l) => listeners.add(l),
    exited,
    waitForLine: (match, timeoutMs) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => finish(new Error(`${name}: no line matching ${match} within ${timeoutMs / 1000} s`)),
          timeoutMs,
        );
        const listener = (line: string) => {
          const m = line.match(match);
          if (m) finish(null, m);
        };
        const finish = (err: Error | null, m?: RegExpMatchArray) => {
          clearTimeout(timer);
          listeners.delete(listener);
          if (err) reject(new Error(`${err.message}; it printed:\n${child.tail()}`));
          else if (m) resolve(m);
        };
        listeners.add(listener);
        void exited.then((code) => finish(new Error(`${name} exited (code ${code}) before ${match}`)));
      }),
    stop: async (graceMs = 30_000) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return proc.exitCode;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  return child;
}

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released: the child binds it right after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const TICKS_PER_SECOND = 100;

/** CPU seconds used by a process so far, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which may hold spaces, so split after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** CPU seconds (user + system) of each thread of a process, by thread id. */
export function threadCpuSeconds(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
    } catch {
      // The thread ended between listing and reading.
    }
  }
  return out;
}

/**
 * Where a process's CPU went between two readings of threadCpuSeconds: its main thread (the thread whose id is
 * the process's), its busiest other thread (the server's telemetry thread, by a wide margin) and the rest (V8's
 * and libuv's helpers).
 */
export function threadSplit(
  pid: number,
  before: Map<number, number>,
  after: Map<number, number>,
): { main: number; busiest: number; rest: number } {
  let main = 0;
  let busiest = 0;
  let rest = 0;
  for (const [tid, s] of after) {
    const d = s - (before.get(tid) ?? 0);
    if (tid === pid) main = d;
    else if (d > busiest) {
      rest += busiest;
      busiest = d;
    } else rest += d;
  }
  return { main, busiest, rest };
}

/** Resident memory now and its high-water mark, in MiB. */
export function memoryMiB(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+)`, 'm'))?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Busy and total jiffies of the whole machine, to tell how saturated the cores were. */
export function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  return { busy: total - idle, total };
}

/** Microseconds some task spent waiting for a CPU (Linux pressure stall information), or NaN without PSI. */
export function cpuStallMicros(): number {
  try {
    const some = readFileSync('/proc/pressure/cpu', 'utf8').split('\n')[0] ?? '';
    return Number(some.match(/total=(\d+)/)?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}
