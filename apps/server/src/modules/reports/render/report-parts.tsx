/** @jsxRuntime automatic @jsxImportSource react */
// The pragma: the server runs under tsx from the repository root, where no tsconfig sets `jsx`.
import { Circle, Svg, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import type { FlagLevel } from './report-findings.ts';
import { COLORS, LEVEL_COLORS, styles } from './report-styles.ts';
import { printable } from './win-ansi.ts';

/**
 * A coloured disc. Drawn, not typed: the standard fonts have no ✓ or ● (issue 16).
 * `size` in points.
 */
export function Mark({ level, size = 11 }: { level: FlagLevel; size?: number }) {
  return (
    <Svg width={size} height={size} viewBox="0 0 10 10">
      <Circle cx={5} cy={5} r={4.6} fill={LEVEL_COLORS[level]} />
    </Svg>
  );
}

/** A small dark disc before a list item. */
export function Bullet({ children }: { children: ReactNode }) {
  return (
    <View style={[styles.row, { marginBottom: 4 }]} wrap={false}>
      <View style={{ width: 14, paddingTop: 4.5 }}>
        <Svg width={4} height={4} viewBox="0 0 4 4">
          <Circle cx={2} cy={2} r={2} fill={COLORS.text} />
        </Svg>
      </View>
      <Text style={{ flex: 1 }}>{children}</Text>
    </View>
  );
}

/**
 * A section heading, moved to the next page unless `keepWith` points of what follows it fit below.
 * (Putting a heading in one unbreakable block with what follows split a chart into an empty one.)
 */
export function SectionTitle({ children, keepWith = 60 }: { children: string; keepWith?: number }) {
  return (
    <Text style={styles.sectionTitle} minPresenceAhead={keepWith} wrap={false}>
      {children}
    </Text>
  );
}

export function SubTitle({ children }: { children: string }) {
  return (
    <Text style={styles.subTitle} minPresenceAhead={40} wrap={false}>
      {children}
    </Text>
  );
}

export type Column<T> = {
  header: string;
  /** A share of the page's width; a table's shares add up to 1, so it never runs off the page. */
  width: number;
  cell: (row: T) => string;
  /** Printed in the red of a red flag, e.g. an odometer drop. */
  alert?: (row: T) => boolean;
};

/**
 * A table whose cells wrap their text. Its header row repeats when the table continues on the
 * next page, and no row is split across pages.
 */
export function Table<T>({ columns, rows }: { columns: Column<T>[]; rows: T[] }) {
  const cellStyle = (width: number) => ({
    width: `${width * 100}%`,
    paddingVertical: 3,
    paddingHorizontal: 4,
  });
  return (
    <>
      {/* Moves the table to the next page rather than leave its header alone at the bottom. */}
      <View minPresenceAhead={44} />
      <View style={{ borderTopWidth: 1, borderTopColor: COLORS.rule }}>
        <View
          style={[
            styles.row,
            { backgroundColor: COLORS.fill, borderBottomWidth: 1, borderBottomColor: COLORS.rule },
          ]}
          fixed
        >
          {columns.map((c) => (
            <Text key={c.header} style={[cellStyle(c.width), styles.bold, styles.small]}>
              {c.header}
            </Text>
          ))}
        </View>
        {rows.map((row, i) => (
          <View
            key={i}
            style={[styles.row, { borderBottomWidth: 0.5, borderBottomColor: COLORS.rule }]}
            wrap={false}
          >
            {columns.map((c) => (
              <Text
                key={c.header}
                style={[cellStyle(c.width), c.alert?.(row) ? { color: LEVEL_COLORS.red } : {}]}
              >
                {printable(c.cell(row))}
              </Text>
            ))}
          </View>
        ))}
      </View>
    </>
  );
}
