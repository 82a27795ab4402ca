/**
 * NMVTIS is down for maintenance every day 06:00-07:00 UTC and on Sundays 06:00-10:00 UTC
 * (docs/reports.md, "Vehicle history: VinAudit"). A try planned inside the window is moved to
 * its end, where it can succeed.
 */
export function outsideNmvtisMaintenance(at: Date): Date {
  const hour = at.getUTCHours();
  const endHour = at.getUTCDay() === 0 ? 10 : 7;
  if (hour < 6 || hour >= endHour) return at;
  const end = new Date(at);
  end.setUTCHours(endHour, 0, 0, 0);
  return end;
}
