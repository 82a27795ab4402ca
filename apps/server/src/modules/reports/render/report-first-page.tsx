/** @jsxRuntime automatic @jsxImportSource react */
// The pragma: the server runs under tsx from the repository root, where no tsconfig sets `jsx`.
import { Text, View } from '@react-pdf/renderer';
import {
  FLAG_TOPIC_LABELS,
  formatDate,
  type FlagLevel,
  type ReportFindings,
} from './report-findings.ts';
import { Mark, SectionTitle } from './report-parts.tsx';
import { COLORS, FONT_SIZE, PAGE, styles } from './report-styles.ts';
import { REPORT_TEXTS } from './report-texts.ts';
import { vehicleFacts, type ReportVehicle } from './report-vehicle.ts';
import { printable } from './win-ansi.ts';

/** The first page: the vehicle and its red flags; the header and footer of every page. */

export type ReportOrder = { id: string; createdAt: Date };

export function Header({
  productName,
  vin,
  sandbox,
}: {
  productName: string;
  vin: string;
  sandbox: boolean;
}) {
  return (
    <View fixed style={{ position: 'absolute', top: 26, left: PAGE.marginX, right: PAGE.marginX }}>
      <View
        style={[
          styles.row,
          {
            justifyContent: 'space-between',
            borderBottomWidth: 1,
            borderBottomColor: COLORS.rule,
            paddingBottom: 4,
          },
        ]}
      >
        <Text style={[styles.bold, { color: COLORS.accent }]}>{printable(productName)}</Text>
        <Text style={[styles.muted, styles.small]}>
          {REPORT_TEXTS.title} – VIN {vin}
        </Text>
      </View>
      {sandbox ? (
        <Text
          style={{
            marginTop: 6,
            paddingVertical: 3,
            backgroundColor: COLORS.sandbox,
            color: COLORS.sandboxText,
            fontFamily: 'Helvetica-Bold',
            fontSize: FONT_SIZE.small,
            textAlign: 'center',
          }}
        >
          {REPORT_TEXTS.sandboxMark}
        </Text>
      ) : null}
    </View>
  );
}

export function Footer({ order }: { order: ReportOrder }) {
  return (
    <View
      fixed
      style={[
        styles.row,
        styles.small,
        styles.muted,
        {
          position: 'absolute',
          top: PAGE.height - 44,
          left: PAGE.marginX,
          right: PAGE.marginX,
          justifyContent: 'space-between',
          borderTopWidth: 0.5,
          borderTopColor: COLORS.rule,
          paddingTop: 4,
        },
      ]}
    >
      <Text>
        Order {printable(order.id)} · created{' '}
        {formatDate(order.createdAt.toISOString().slice(0, 10))}
      </Text>
      <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
    </View>
  );
}

export function VehicleFacts({ vehicle }: { vehicle: ReportVehicle }) {
  const facts = vehicleFacts(vehicle);
  return (
    <View
      style={[
        styles.row,
        {
          flexWrap: 'wrap',
          borderWidth: 1,
          borderColor: COLORS.rule,
          borderRadius: 3,
          padding: 8,
          paddingBottom: 4,
        },
      ]}
    >
      {facts.map(([label, value]) => (
        <View
          key={label}
          style={[styles.row, { width: label === 'Plant' ? '100%' : '50%', marginBottom: 4 }]}
        >
          <Text style={[styles.muted, { width: 52 }]}>{label}</Text>
          <Text style={[styles.bold, { flex: 1, paddingRight: 8 }]}>{printable(value)}</Text>
        </View>
      ))}
    </View>
  );
}

function Legend() {
  const levels: FlagLevel[] = ['green', 'amber', 'red'];
  return (
    <View style={[styles.row, { marginBottom: 6 }]}>
      {levels.map((level) => (
        <View key={level} style={[styles.row, { alignItems: 'center', marginRight: 16 }]}>
          <Mark level={level} size={9} />
          <Text style={[styles.muted, styles.small, { marginLeft: 4 }]}>
            {REPORT_TEXTS.legend[level]}
          </Text>
        </View>
      ))}
    </View>
  );
}

export function Summary({ findings }: { findings: ReportFindings }) {
  return (
    <>
      <SectionTitle>Summary</SectionTitle>
      <Legend />
      {findings.flags.map((flag) => (
        <View
          key={flag.topic}
          wrap={false}
          style={[
            styles.row,
            { paddingVertical: 5, borderBottomWidth: 0.5, borderBottomColor: COLORS.rule },
          ]}
        >
          <View style={{ width: 18, paddingTop: 1.5 }}>
            <Mark level={flag.level} />
          </View>
          <Text style={[styles.bold, { width: 150 }]}>{FLAG_TOPIC_LABELS[flag.topic]}</Text>
          <Text style={{ flex: 1 }}>{printable(flag.text)}</Text>
        </View>
      ))}
    </>
  );
}
