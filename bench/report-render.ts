import { cpus, loadavg } from 'node:os';
import { PDFDocument } from '@cantoo/pdf-lib';
import { Document, Page, Text, renderToBuffer } from '@react-pdf/renderer';
import { createElement } from 'react';
import { renderReportPdf } from '../apps/server/src/modules/reports/render/render-report-pdf.ts';
import { REPORT_SAMPLES } from '../apps/server/test/support/report-histories.ts';

const WARM_UP = 3;
const RUNS = Number(process.env.REPORT_RENDER_RUNS ?? 20);
const ORDER = { id: '3f9c2a71-5b8e-4d0c-9a61-2e7f4b1c8d05', createdAt: new Date() };

/** Wall-clock time, and the CPU time this process spent: the latter barely moves with machine load. */
type Timing = { medianMs: number; maxMs: number; cpuMedianMs: number };

async function timed(render: () => Promise<Buffer>): Promise<Timing> {
  for (let i = 0; i < WARM_UP; i++) await render();
  const ms: number[] = [];
  const cpuMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    await render();
    const used = process.cpuUsage(cpu);
    ms.push(performance.now() - start);
    cpuMs.push((used.user + used.system) / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { medianMs: median(ms), maxMs: Math.max(...ms), cpuMedianMs: median(cpuMs) };
}

/** The library's floor: a one-page document with one line of text. */
const oneLine = () =>
  renderToBuffer(
    createElement(
      Document,
      null,
      createElement(Page, { size: 'LETTER' }, createElement(Text, null, 'Vehicle history report')),
    ),
  );

/**
 * The report PDF's render time per sample history (issue 16 aims at under 300 ms), each the
 * median of RUNS renders after WARM_UP, one after the other in this process; against the same
 * library rendering one line, measured in the same run. The first render of the process (fonts
 * and layout engine loading) is given apart.
 */
export async function benchReportRender(): Promise<void> {
  const loadBefore = loadavg()[0] ?? 0;
  const input = (sample: (typeof REPORT_SAMPLES)[number]) => ({
    vehicle: sample.vehicle,
    history: sample.history,
    recalls: sample.recalls,
    order: ORDER,
    productName: 'Vehicle Records',
    contactEmail: 'support@localhost',
  });
  const start = performance.now();
  await renderReportPdf(input(REPORT_SAMPLES[0]!));
  const firstMs = performance.now() - start;
  const floor = await timed(oneLine);
  const rows: string[] = [];
  for (const sample of REPORT_SAMPLES) {
    const pdf = await renderReportPdf(input(sample));
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    const t = await timed(() => renderReportPdf(input(sample)));
    rows.push(
      `${`${sample.name} (${pages} pages, ${(pdf.length / 1024).toFixed(0)} KB)`.padEnd(40)}` +
        `${t.medianMs.toFixed(0).padStart(10)}${t.maxMs.toFixed(0).padStart(10)}${t.cpuMedianMs.toFixed(0).padStart(14)}`,
    );
  }
  console.log(
    [
      `Report PDF render (${RUNS} renders each after ${WARM_UP} warm-up; first render of the process ${firstMs.toFixed(0)} ms)`,
      `${''.padEnd(40)}${'median ms'.padStart(10)}${'max ms'.padStart(10)}${'CPU median ms'.padStart(14)}`,
      `${'one line of text (the library alone)'.padEnd(40)}${floor.medianMs.toFixed(0).padStart(10)}${floor.maxMs.toFixed(0).padStart(10)}${floor.cpuMedianMs.toFixed(0).padStart(14)}`,
      ...rows,
      `Machine load (1-minute average, ${cpus().length} cores): ${loadBefore.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end`,
    ].join('\n'),
  );
}
