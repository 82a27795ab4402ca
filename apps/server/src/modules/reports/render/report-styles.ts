import { StyleSheet } from '@react-pdf/renderer';
import type { FlagLevel } from './report-findings.ts';

/** US Letter in points; the margins leave room for the header and footer on every page. */
export const PAGE = { width: 612, height: 792, marginX: 48, marginTop: 86, marginBottom: 58 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.marginX;

/** Body text never goes below 10 pt (issue 16: readable when printed). */
export const FONT_SIZE = { small: 10, body: 10.5, heading: 14, title: 20 };

export const COLORS = {
  text: '#1f2937',
  muted: '#5b6472',
  rule: '#d4d8de',
  fill: '#f2f4f7',
  accent: '#1d4e89',
  sandbox: '#fde68a',
  sandboxText: '#78350f',
};

/** The marks' colours, dark enough to tell apart in grey when printed. */
export const LEVEL_COLORS: Record<FlagLevel, string> = {
  green: '#2e7d32',
  amber: '#e09100',
  red: '#c62828',
};

export const styles = StyleSheet.create({
  page: {
    paddingTop: PAGE.marginTop,
    paddingBottom: PAGE.marginBottom,
    paddingHorizontal: PAGE.marginX,
    fontFamily: 'Helvetica',
    fontSize: FONT_SIZE.body,
    lineHeight: 1.35,
    color: COLORS.text,
  },
  bold: { fontFamily: 'Helvetica-Bold' },
  muted: { color: COLORS.muted },
  small: { fontSize: FONT_SIZE.small },
  paragraph: { marginBottom: 6 },
  title: { fontFamily: 'Helvetica-Bold', fontSize: FONT_SIZE.title, lineHeight: 1.2 },
  subtitle: { fontSize: 13, marginTop: 2, marginBottom: 12 },
  sectionTitle: {
    fontFamily: 'Helvetica-Bold',
    fontSize: FONT_SIZE.heading,
    color: COLORS.accent,
    marginTop: 18,
    marginBottom: 6,
    paddingBottom: 3,
    borderBottomWidth: 1,
    borderBottomColor: COLORS.accent,
  },
  subTitle: {
    fontFamily: 'Helvetica-Bold',
    fontSize: 12,
    marginTop: 12,
    marginBottom: 4,
  },
  row: { flexDirection: 'row' },
});
