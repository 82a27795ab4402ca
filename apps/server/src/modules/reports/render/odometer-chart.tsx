/** @jsxRuntime automatic @jsxImportSource react */
// The pragma: the server runs under tsx from the repository root, where no tsconfig sets `jsx`.
import { Circle, G, Line, Polyline, Svg, Text } from '@react-pdf/renderer';
import type { OdometerDrop, OdometerReading } from './report-findings.ts';
import { COLORS, CONTENT_WIDTH, LEVEL_COLORS } from './report-styles.ts';

const HEIGHT = 190;
const PLOT = { left: 58, right: 14, top: 10, bottom: 24 };
const LABEL = { fontSize: 10, fontFamily: 'Helvetica' };
const DAY_MS = 86_400_000;

/** 1, 2 or 5 times a power of ten: at least `raw`, so about five gridlines span the readings. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].find((m) => m * power >= raw) ?? 10;
  return step * power;
}

const time = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);

/**
 * Readings over time as a line, drawn with vector shapes. A reading lower than an earlier one is
 * a red point, and the line falling to it is red.
 */
export function OdometerChart({
  readings,
  drops,
}: {
  readings: OdometerReading[];
  drops: OdometerDrop[];
}) {
  const plotWidth = CONTENT_WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const first = time(readings[0]!.date);
  const last = time(readings.at(-1)!.date);
  // A little room either side, so that the first and last points do not sit on the frame.
  const pad = Math.max((last - first) * 0.04, 180 * DAY_MS);
  const start = first - pad;
  const end = last + pad;
  const highest = Math.max(...readings.map((r) => r.miles));
  const step = niceStep(Math.max(highest, 1000) / 5);
  const top = Math.ceil((highest * 1.05) / step) * step;
  const x = (isoDate: string) => PLOT.left + ((time(isoDate) - start) / (end - start)) * plotWidth;
  const y = (miles: number) => PLOT.top + plotHeight - (miles / top) * plotHeight;

  const gridlines: number[] = [];
  for (let m = 0; m <= top; m += step) gridlines.push(m);
  const firstYear = new Date(start).getUTCFullYear() + 1;
  const lastYear = new Date(end).getUTCFullYear();
  const yearStep = Math.max(1, Math.ceil((lastYear - firstYear + 1) / 9));
  const years: number[] = [];
  for (let year = firstYear; year <= lastYear; year += yearStep) years.push(year);
  const dropped = new Set(drops.map((d) => d.after));
  const points = readings.map((r) => ({ reading: r, px: x(r.date), py: y(r.miles) }));

  return (
    <Svg width={CONTENT_WIDTH} height={HEIGHT} viewBox={`0 0 ${CONTENT_WIDTH} ${HEIGHT}`}>
      {gridlines.map((m) => (
        <G key={`y${m}`}>
          <Line
            x1={PLOT.left}
            x2={PLOT.left + plotWidth}
            y1={y(m)}
            y2={y(m)}
            stroke={m === 0 ? COLORS.muted : COLORS.rule}
            strokeWidth={m === 0 ? 1 : 0.6}
          />
          <Text x={PLOT.left - 6} y={y(m) + 3.5} textAnchor="end" fill={COLORS.muted} style={LABEL}>
            {m.toLocaleString('en-US')}
          </Text>
        </G>
      ))}
      {years.map((year) => {
        const px = x(`${year}-01-01`);
        return (
          <G key={`x${year}`}>
            <Line
              x1={px}
              x2={px}
              y1={PLOT.top + plotHeight}
              y2={PLOT.top + plotHeight + 4}
              stroke={COLORS.muted}
              strokeWidth={1}
            />
            <Text x={px} y={HEIGHT - 6} textAnchor="middle" fill={COLORS.muted} style={LABEL}>
              {String(year)}
            </Text>
          </G>
        );
      })}
      <Polyline
        points={points.map((p) => `${p.px},${p.py}`).join(' ')}
        stroke={COLORS.accent}
        strokeWidth={1.6}
        fill="none"
      />
      {points
        .slice(1)
        .map((p, i) =>
          dropped.has(p.reading) ? (
            <Line
              key={`d${i}`}
              x1={points[i]!.px}
              y1={points[i]!.py}
              x2={p.px}
              y2={p.py}
              stroke={LEVEL_COLORS.red}
              strokeWidth={2.2}
            />
          ) : null,
        )}
      {points.map((p, i) => {
        const drop = dropped.has(p.reading);
        return (
          <Circle
            key={`p${i}`}
            cx={p.px}
            cy={p.py}
            r={drop ? 4.2 : 3}
            fill={drop ? LEVEL_COLORS.red : COLORS.accent}
            stroke="#ffffff"
            strokeWidth={0.8}
          />
        );
      })}
    </Svg>
  );
}
