import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { createReportPool, pooledReportWork } from '../src/modules/reports/report-work.ts';

/** The nice value of each thread of this process, by thread name (Linux: /proc). */
function threadNices(): { name: string; nice: number }[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      nice: Number(fields[16]),
    };
  });
}

it.runIf(process.platform === 'linux')(
  'runs report work in a thread scheduled below the one answering HTTP',
  async () => {
    const pool = createReportPool(1);
    try {
      // Any task starts the thread; a missing file is refused by the check, in the thread.
      await expect(pooledReportWork(pool).checkPdf('/nonexistent.pdf', 1)).rejects.toThrow();
      const lowered = threadNices().filter((t) => t.nice !== 0);
      expect(lowered.length).toBeGreaterThan(0);
      // Only render threads: not this thread, nor libuv's pool, which a render thread's file
      // access could otherwise have started (a new thread inherits its starter's nice value).
      expect(lowered.every((t) => t.name === 'WorkerThread' && t.nice === 10)).toBe(true);
    } finally {
      await pool.close();
    }
  },
);
