import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { api, CSV_INCOMPLETE_MARKER, EXPORT_ROWS_HEADER, type ExportFormat } from '@fleet/contract';
import { round } from '../support/stats.js';
import { cpuSeconds } from '../telemetry/processes.js';

/*
 * One raw-task export as a browser downloads it: the file streamed and thrown away as it arrives (bytes and, for
 * CSV, lines counted), the server's resident memory sampled meanwhile.
 */

export interface ExportRun {
  format: ExportFormat;
  /** Rows the server announced (x-export-rows). */
  rows: number;
  /** Data lines received (CSV; null for XLSX, whose rows are inside a zip). */
  lines: number | null;
  mib: number;
  seconds: number;
  /** CPU time the server process spent on it (the machine may have been busy with others). */
  serverCpuS: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
}

const MiB = 1024 * 1024;

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

export async function exportTasks(
  base: string,
  token: string,
  serverPid: number,
  format: ExportFormat,
  range: { from: string; to: string },
): Promise<ExportRun> {
  const rssBefore = rssMiB(serverPid);
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(serverPid));
  }, 100);
  const t0 = performance.now();
  const cpu0 = cpuSeconds(serverPid);
  try {
    const res = await fetch(`${base}${api.exportAnalysis.path}`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify({
        content: 'tasks',
        format,
        language: 'en',
        units: 'metric',
        filter: { ...range, granularity: 'day', compare: false },
      }),
    });
    if (res.status !== 200 || !res.body)
      throw new Error(`export ${format} → ${res.status} ${await res.text()}`);
    const rows = Number(res.headers.get(EXPORT_ROWS_HEADER));
    let bytes = 0;
    let newlines = 0;
    let last = Buffer.alloc(0);
    let before = Buffer.alloc(0);
    for await (const chunk of res.body) {
      const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
      bytes += buf.length;
      if (format === 'csv') for (let p = buf.indexOf(10); p !== -1; p = buf.indexOf(10, p + 1)) newlines++;
      before = last;
      last = buf;
    }
    const seconds = (performance.now() - t0) / 1000;
    const text = Buffer.concat([before.subarray(-200), last])
      .subarray(-200)
      .toString('latin1');
    if (format === 'csv' && text.includes(CSV_INCOMPLETE_MARKER))
      throw new Error('the CSV export says it stopped before its end');
    // A zip ends with its central directory's end record: a cut XLSX has none.
    if (format === 'xlsx' && !text.includes('PK\u0005\u0006')) throw new Error('the XLSX file is cut short');
    return {
      format,
      rows,
      lines: format === 'csv' ? newlines - 1 : null,
      mib: round(bytes / MiB, 1),
      seconds: round(seconds, 1),
      serverCpuS: round(cpuSeconds(serverPid) - cpu0, 1),
      rssBeforeMiB: round(rssBefore),
      rssPeakMiB: round(Math.max(peak, rssMiB(serverPid))),
    };
  } finally {
    clearInterval(sampler);
  }
}
