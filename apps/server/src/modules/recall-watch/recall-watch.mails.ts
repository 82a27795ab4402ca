import { campaignsByUrgency, NHTSA_RECALL_LOOKUP_URL, RECALL_WATCH_TEXTS } from '@vr/contracts';
import { escapeHtml, type MailMessage } from '../../adapters/mail/mailer.ts';
import type { RecallCampaign } from '../../adapters/recalls/index.ts';

export interface RecallMailContext {
  productName: string;
  publicUrl: string;
}

export interface AlertVehicle {
  vin: string;
  vehicle: string;
  campaigns: RecallCampaign[];
  /** Stops the alerts of this vehicle (no sign-in). */
  unsubscribeUrl: string;
}

const urgent = (c: RecallCampaign) => c.parkIt || c.parkOutside;

function warningOf(c: RecallCampaign): string | null {
  if (c.parkIt) return RECALL_WATCH_TEXTS.parkIt;
  if (c.parkOutside) return RECALL_WATCH_TEXTS.parkOutside;
  return null;
}

/**
 * The one alert of a pass for a customer: every vehicle with new campaigns (those with a park-it
 * or park-outside warning first, and such campaigns first within a vehicle), how to check that
 * their own car's recall is open, and one-click unsubscribe links (RFC 8058: the
 * `List-Unsubscribe` header with `List-Unsubscribe-Post`, and one link per vehicle in the body).
 */
export function recallAlertMail(
  ctx: RecallMailContext,
  input: {
    to: string;
    vehicles: AlertVehicle[];
    unsubscribeAllUrl: string;
    sandbox: boolean;
  },
): MailMessage {
  const vehicles = [...input.vehicles]
    .map((v) => ({ ...v, campaigns: campaignsByUrgency(v.campaigns) }))
    .sort((a, b) => Number(b.campaigns.some(urgent)) - Number(a.campaigns.some(urgent)));
  const count = vehicles.reduce((n, v) => n + v.campaigns.length, 0);
  const subject =
    vehicles.length === 1
      ? `${ctx.productName}: ${count === 1 ? 'a new safety recall' : `${count} new safety recalls`} for your ${vehicles[0]!.vehicle}`
      : `${ctx.productName}: new safety recalls for ${vehicles.length} of your vehicles`;
  const intro =
    'NHTSA lists new safety recall campaigns for the make, model and year of vehicles you ordered a report for. They were not in your report.';
  const sandboxLine = input.sandbox ? RECALL_WATCH_TEXTS.sandbox : null;
  // 49 U.S.C. 30120(g): the free remedy is owed only within 15 years of the first sale, so the
  // mail says that much and no more.
  const checkBefore =
    "Is your own car's recall still open? A recall is listed by make, model and year, not by car: enter the VIN at";
  const checkAfter =
    'or ask a dealer of the make. By US law a safety recall is repaired without charge when the vehicle was first sold less than 15 years before the recall.';
  const check = `${checkBefore} ${NHTSA_RECALL_LOOKUP_URL} ${checkAfter}`;
  const dashboard = `${ctx.publicUrl}/dashboard`;

  const text = [
    ...(sandboxLine ? [sandboxLine] : []),
    intro,
    ...vehicles.map((v) =>
      [
        `${v.vehicle}, VIN ${v.vin}`,
        ...v.campaigns.map((c) =>
          [
            `- Campaign ${c.campaignNumber}: ${c.component}`,
            ...(warningOf(c) ? [`  ${warningOf(c)!.toUpperCase()}`] : []),
            `  Summary: ${c.summary}`,
            `  Consequence: ${c.consequence}`,
            `  Remedy: ${c.remedy}`,
          ].join('\n'),
        ),
        `Stop recall alerts for this vehicle: ${v.unsubscribeUrl}`,
      ].join('\n'),
    ),
    check,
    `Your vehicles and their recalls: ${dashboard}`,
    `Stop all recall alerts: ${input.unsubscribeAllUrl}`,
  ].join('\n\n');

  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    sandboxLine ? `<p style="color:#8a4b00"><strong>${escapeHtml(sandboxLine)}</strong></p>` : '',
    p(intro),
    ...vehicles.map((v) =>
      [
        `<h2 style="font-size:1.1em">${escapeHtml(v.vehicle)}, VIN ${escapeHtml(v.vin)}</h2>`,
        '<ul>',
        ...v.campaigns.map((c) =>
          [
            `<li><strong>Campaign ${escapeHtml(c.campaignNumber)}: ${escapeHtml(c.component)}</strong>`,
            warningOf(c)
              ? `<br><strong style="color:#b00020">${escapeHtml(warningOf(c)!)}</strong>`
              : '',
            `<br>Summary: ${escapeHtml(c.summary)}`,
            `<br>Consequence: ${escapeHtml(c.consequence)}`,
            `<br>Remedy: ${escapeHtml(c.remedy)}</li>`,
          ].join(''),
        ),
        '</ul>',
        `<p style="font-size:0.9em">${link(v.unsubscribeUrl, 'Stop recall alerts for this vehicle')}</p>`,
      ].join(''),
    ),
    `<p>${escapeHtml(checkBefore)} ${link(NHTSA_RECALL_LOOKUP_URL, 'nhtsa.gov/recalls')} ${escapeHtml(checkAfter)}</p>`,
    `<p>${link(dashboard, 'Your vehicles and their recalls')}</p>`,
    `<p style="font-size:0.9em">${link(input.unsubscribeAllUrl, 'Stop all recall alerts')}</p>`,
    '</body></html>',
  ].join('');

  return {
    to: input.to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeAllUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
