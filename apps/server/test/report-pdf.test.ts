import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { REPORT_REFUND_PROMISE, USED_CREDITS_REFUNDS } from '@vr/contracts';
import { renderReportPdf } from '../src/modules/reports/render/render-report-pdf.ts';
import { reportFindings } from '../src/modules/reports/render/report-findings.ts';
import { REPORT_TEXTS } from '../src/modules/reports/render/report-texts.ts';
import { vehicleName } from '../src/modules/reports/render/report-vehicle.ts';
import { printable } from '../src/modules/reports/render/win-ansi.ts';
import {
  CLEAN,
  LIENS_RECORDED,
  NO_RECORDS,
  REPORT_SAMPLES,
  ROLLBACK,
  SALVAGE_REBUILT,
  THEFT_RECOVERED,
  WASHED,
  type ReportSample,
} from './support/report-histories.ts';
import { NMVTIS_NOTICE } from '@vr/contracts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'report-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ORDER = { id: 'ord_7f3a9c21', createdAt: new Date('2026-11-24T09:30:00Z') };
const CONTACT = 'help@vehicle-records.test';

/** `text` in reading order with line breaks collapsed; `layout` keeps table rows on their lines. */
type Rendered = { file: string; pages: number; text: string; pageTexts: string[]; layout: string };

/** Collapses pdftotext's line breaks, so sentences wrapped by the layout compare whole. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

async function render(sample: ReportSample, name = sample.name): Promise<Rendered> {
  const pdf = await renderReportPdf({
    vehicle: sample.vehicle,
    history: sample.history,
    recalls: sample.recalls,
    order: ORDER,
    productName: 'Vehicle Records',
    contactEmail: CONTACT,
  });
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const pages = (await PDFDocument.load(pdf)).getPageCount();
  const pageTexts: string[] = [];
  for (let page = 1; page <= pages; page++) {
    const { stdout } = await run('pdftotext', ['-f', `${page}`, '-l', `${page}`, file, '-']);
    pageTexts.push(flat(stdout));
  }
  const { stdout: layout } = await run('pdftotext', ['-layout', file, '-']);
  return { file, pages, text: pageTexts.join(' '), pageTexts, layout };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A table row whose cells start with `cells`, in order, on one printed line. */
function expectRow(layout: string, cells: string[]) {
  const pattern = new RegExp(cells.map(escape).join('.*?\\s+'));
  expect(
    layout.split('\n').find((line) => pattern.test(line)),
    cells.join(' | '),
  ).toBeDefined();
}

const rendered = new Map<string, Promise<Rendered>>();
const renderedSample = (sample: ReportSample) => {
  if (!rendered.has(sample.name)) rendered.set(sample.name, render(sample));
  return rendered.get(sample.name)!;
};

describe('the report PDF', () => {
  it.each(REPORT_SAMPLES.map((s) => [s.name, s] as const))(
    '%s: names the VIN and the vehicle, marks sandbox data on every page, numbers its pages',
    async (_name, sample) => {
      const { pages, text, pageTexts } = await renderedSample(sample);
      expect(text).toContain(sample.vehicle.vin);
      expect(text).toContain(vehicleName(sample.vehicle));
      for (const value of [sample.vehicle.trim, sample.vehicle.engine, sample.vehicle.body]) {
        expect(text).toContain(value);
      }
      expect(text).toContain(sample.vehicle.plant);
      pageTexts.forEach((pageText, i) => {
        expect(pageText, `page ${i + 1}`).toContain(REPORT_TEXTS.sandboxMark);
        expect(pageText, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages}`);
        expect(pageText, `page ${i + 1}`).toContain(ORDER.id);
      });
    },
  );

  it.each(REPORT_SAMPLES.map((s) => [s.name, s] as const))(
    '%s: the first page says every red flag in words, and the last the limits and the refund promise',
    async (_name, sample) => {
      const { pageTexts } = await renderedSample(sample);
      const first = pageTexts[0]!;
      for (const flag of reportFindings(sample.history, sample.recalls).flags) {
        expect(first).toContain(flat(flag.text));
      }
      const last = pageTexts.at(-1)!;
      expect(last).toContain(REPORT_REFUND_PROMISE);
      expect(last).toContain(flat(USED_CREDITS_REFUNDS));
      expect(last).toContain(CONTACT);
      const limits = pageTexts.slice(-2).join(' ');
      for (const line of REPORT_TEXTS.notCovered) expect(limits).toContain(flat(line));
    },
  );

  it('is US Letter', async () => {
    const { file } = await renderedSample(CLEAN);
    const { stdout } = await run('pdfinfo', [file]);
    expect(stdout).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
  });

  it('a salvage rebuilt shows every kind of record it holds, each with its source and date', async () => {
    const { text, layout } = await renderedSample(SALVAGE_REBUILT);
    expect(text).toContain('Title history');
    expect(text).toContain('Title branded in TX: Salvage: Damage or Not Specified');
    expect(text).toContain('Title branded in TX: Rebuilt');
    expect(text).toContain('Junk, salvage and insurance reports');
    expectRow(layout, ['Jul 9, 2020', 'Insurance carrier', 'Houston, TX', 'Sold at auction']);
    expect(text).toContain('Accidents and damage');
    expectRow(layout, ['Jun 18, 2020', 'Front-end collision', 'Gulf Coast Mutual Insurance']);
    expect(text).toContain('Salvage auctions');
    expectRow(layout, [
      'Jul 28, 2020',
      'Houston North, TX',
      'Front end,',
      '36,214 mi',
      'Lone Star',
    ]);
    expect(text).toContain('Sale listings');
    expectRow(layout, [
      'Mar 22, 2021',
      '$27,900.00',
      'Private seller',
      'San Antonio, TX',
      '37,400 mi',
      'Online classified listing',
    ]);
    expect(text).toContain(
      'Not reported by Sandbox history (invented records): theft records; liens.',
    );
  });

  it('recalls come with their remedy and the warning that a list by model proves no open recall', async () => {
    const { text } = await renderedSample(SALVAGE_REBUILT);
    expect(text).toContain(flat(REPORT_TEXTS.recallsByModel('2018 FORD F-150')));
    for (const campaign of SALVAGE_REBUILT.recalls.campaigns) {
      expect(text).toContain(`Campaign ${campaign.campaignNumber}`);
      expect(text).toContain(flat(campaign.remedy));
    }
    expect(text).toContain('campaign reported Jan 7, 2019');
    expect(text).toContain(REPORT_TEXTS.parkOutside);
    // Without campaigns, the report says so instead.
    const clean = await renderedSample(CLEAN);
    expect(clean.text).toContain(
      'No recall campaigns for this model and year reported by Sandbox recalls (NHTSA samples).',
    );
  });

  it('a rollback: the odometer table flags the lower readings', async () => {
    const { text, layout } = await renderedSample(ROLLBACK);
    expect(text).toContain(REPORT_TEXTS.odometerDrop);
    expectRow(layout, ['Oct 2, 2018', '118,650 mi', 'Actual', 'Sale listing', 'Dealer listing']);
    expectRow(layout, [
      'Jan 8, 2019',
      '64,120 mi',
      'Not actual; lower than',
      'Title',
      'Alabama DOR',
    ]);
    expectRow(layout, ['May 30, 2021', '131,500 km (81,710', 'Actual; lower than', 'Title']);
    expect(text).toContain('lower than 118,650 mi on Oct 2, 2018');
  });

  it('a theft and its recovery are tabled, and liens only as recorded', async () => {
    const theft = await renderedSample(THEFT_RECOVERED);
    expectRow(theft.layout, ['Nov 5, 2021', 'Stolen', 'Nov 19, 2021', 'National Crime']);
    const lien = await renderedSample(LIENS_RECORDED);
    expectRow(lien.layout, [
      'Feb 14, 2018',
      'Front Range Credit Union',
      'Recorded',
      'Colorado DMV',
    ]);
    expectRow(lien.layout, ['Sep 9, 2022', 'Summit Auto Finance LLC', 'Recorded', 'Colorado DMV']);
    expect(lien.text).not.toMatch(/\bactive lien|\breleased\b(?! by)/i);
    expect(lien.pageTexts[0]).toContain(
      'NMVTIS does not report releases: ask the seller for the release.',
    );
  });

  it('a vehicle not matched to the recall list says so, on the first page and in recalls', async () => {
    const { pageTexts, text, layout } = await renderedSample(WASHED);
    // The web address is printed whole: never hyphenated where the line wraps.
    expect(layout).not.toMatch(/nhtsa-\s/);
    expect(pageTexts[0]).toContain(
      "Could not match this vehicle to NHTSA's recall list: check this VIN at nhtsa.gov/recalls.",
    );
    expect(pageTexts[0]).toContain('Brand may have been washed');
    expect(text).not.toContain('No recall campaigns for this model and year');
    // A matched one names the recall list's models it was matched to.
    const matched = await renderedSample(SALVAGE_REBUILT);
    expect(matched.text).toContain(
      'Model name matched in the recall list of Sandbox recalls (NHTSA samples): F-150.',
    );
  });

  it('page 1 lists what the decode knows of the vehicle, its safety equipment, and no unknowns', async () => {
    const { pageTexts, layout } = await renderedSample(CLEAN);
    for (const { label, value } of [...CLEAN.vehicle.details, ...CLEAN.vehicle.safety]) {
      expect(pageTexts[0]).toContain(`${label} ${value}`);
    }
    expect(pageTexts[0]).toContain('Tire pressure monitor (TPMS) Direct');
    expect(pageTexts[0]).not.toMatch(/Unknown|Not Applicable|Knee air bags|Traction control/);
    expectRow(layout, ['Doors', '4', 'Drive', 'FWD/Front-Wheel Drive']);
  });

  it('every report carries the NMVTIS notice, sending consumers to vehiclehistory.gov', async () => {
    for (const sample of [CLEAN, NO_RECORDS]) {
      const { text } = await renderedSample(sample);
      expect(text).toContain(NMVTIS_NOTICE.title);
      for (const p of NMVTIS_NOTICE.paragraphs) expect(text).toContain(flat(p));
    }
    expect(NMVTIS_NOTICE.paragraphs.join(' ')).toContain('vehiclehistory.gov');
  });

  it('a VIN without records says that nothing was found rather than that the car is clean', async () => {
    const { text } = await renderedSample(NO_RECORDS);
    expect(text).toContain(
      REPORT_TEXTS.sources(NO_RECORDS.history.provider, NO_RECORDS.recalls.source, false),
    );
    expect(text).toContain('No title records reported by');
    expect(text).toContain('No odometer readings reported by');
  });

  it('the chart needs two readings; one reading is tabled alone', async () => {
    expect((await renderedSample(CLEAN)).text).toContain(REPORT_TEXTS.chartCaption);
    const one: ReportSample = {
      ...CLEAN,
      history: { ...CLEAN.history, records: CLEAN.history.records.slice(0, 1) },
    };
    const { text, layout } = await render(one, 'one-reading');
    expect(text).not.toContain(REPORT_TEXTS.chartCaption);
    expectRow(layout, ['May 12, 2016', '14 mi', 'Actual', 'Title', 'Indiana BMV']);
  });

  it('real data carries no sandbox mark', async () => {
    const real: ReportSample = {
      ...CLEAN,
      history: { ...CLEAN.history, provider: 'VinAudit (NMVTIS)', sandbox: false },
      recalls: { ...CLEAN.recalls, source: 'NHTSA', sandbox: false },
    };
    const { text } = await render(real, 'real');
    expect(text).toContain('Records from VinAudit (NMVTIS); recalls from NHTSA.');
    expect(text).not.toContain('SANDBOX');
  });

  it('long and foreign text wraps inside the page, and no text is smaller than 10 pt', async () => {
    const long: ReportSample = {
      ...SALVAGE_REBUILT,
      history: {
        ...SALVAGE_REBUILT.history,
        records: [
          ...SALVAGE_REBUILT.history.records,
          {
            kind: 'junk-salvage-insurance',
            date: '2022-01-01',
            source: 'Verylonginsurancecompanynamewithoutanyspaces Mutual ✓ Ünïcode 中',
            recordType: 'Junk and salvage yard operator (licensed dismantler)',
            location: 'Rancho Santa Margarita, Orange County, California, United States',
            disposition: 'Crushed, shredded or otherwise destroyed; not to be retitled',
            intendedForExport: true,
          },
        ],
      },
    };
    const { file, text } = await render(long, 'long');
    expect(text).toContain('Mutual ? Ünïcode ?');
    const { stdout } = await run('pdftotext', ['-bbox', file, '-']);
    const words = [
      ...stdout.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"/g),
    ];
    expect(words.length).toBeGreaterThan(500);
    for (const [, xMin, yMin, xMax, yMax] of words) {
      expect(Number(xMin)).toBeGreaterThanOrEqual(47);
      expect(Number(xMax)).toBeLessThanOrEqual(612 - 47);
      // pdftotext's box of a 10 pt Helvetica word is 9.25 pt high.
      expect(Number(yMax) - Number(yMin)).toBeGreaterThanOrEqual(9.2);
    }
  });
});

describe('text the standard fonts can print', () => {
  it('keeps Latin-1 and typographic quotes, composes accents, and replaces the rest', () => {
    expect(printable('Café “Ñandú” — 5 €')).toBe('Café “Ñandú” — 5 €');
    expect(printable('Cafe\u0301')).toBe('Café');
    expect(printable('✓ ok ● 中文')).toBe('? ok ? ??');
    expect(printable('  two\nlines\tand  spaces ')).toBe('two lines and spaces');
  });
});
