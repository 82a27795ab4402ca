/** @jsxRuntime automatic @jsxImportSource react */
// The pragma: the server runs under tsx from the repository root, where no tsconfig sets `jsx`.
import { Text, View } from '@react-pdf/renderer';
import { REPORT_REFUND_PROMISE, USED_CREDITS_REFUNDS } from '@vr/contracts';
import type { RecallCampaign, RecallList } from '../../../adapters/recalls/recalls-provider.ts';
import { Bullet, Mark, SectionTitle, SubTitle } from './report-parts.tsx';
import { COLORS, LEVEL_COLORS, styles } from './report-styles.ts';
import { REPORT_TEXTS } from './report-texts.ts';
import { vehicleName, type ReportVehicle } from './report-vehicle.ts';
import { printable } from './win-ansi.ts';
import { dateOf } from './report-format.ts';

/**
 * The recall campaigns, the NMVTIS notice, then what the report does not cover and the refund
 * promise.
 */

function Labelled({ label, children }: { label: string; children: string }) {
  return (
    <Text style={{ marginTop: 2 }}>
      <Text style={styles.bold}>{label}: </Text>
      {printable(children)}
    </Text>
  );
}

function Campaign({ campaign, source }: { campaign: RecallCampaign; source: string }) {
  const urgent = campaign.parkIt || campaign.parkOutside;
  return (
    <View
      wrap={false}
      style={{ paddingVertical: 8, borderBottomWidth: 0.5, borderBottomColor: COLORS.rule }}
    >
      <View style={styles.row}>
        <View style={{ width: 18, paddingTop: 1.5 }}>
          <Mark level={urgent ? 'red' : 'amber'} />
        </View>
        <View style={{ flex: 1 }}>
          <Text style={styles.bold}>
            Campaign {printable(campaign.campaignNumber)}: {printable(campaign.component)}
          </Text>
          <Text style={styles.muted}>
            Source: {printable(source)}, campaign reported {dateOf(campaign.reportedOn)}
          </Text>
          {campaign.parkIt ? (
            <Text style={[styles.bold, { color: LEVEL_COLORS.red }]}>{REPORT_TEXTS.parkIt}</Text>
          ) : null}
          {campaign.parkOutside ? (
            <Text style={[styles.bold, { color: LEVEL_COLORS.red }]}>
              {REPORT_TEXTS.parkOutside}
            </Text>
          ) : null}
          <Labelled label="The problem">{campaign.summary}</Labelled>
          <Labelled label="The risk">{campaign.consequence}</Labelled>
          <Labelled label="The remedy">{campaign.remedy}</Labelled>
        </View>
      </View>
    </View>
  );
}

export function Recalls({ recalls, vehicle }: { recalls: RecallList; vehicle: ReportVehicle }) {
  const [first, ...rest] = recalls.campaigns;
  if (recalls.models.length === 0) {
    return (
      <>
        <SectionTitle>Safety recalls</SectionTitle>
        <Text style={styles.bold}>{REPORT_TEXTS.recallsUnmatched}</Text>
      </>
    );
  }
  const matched = (
    <Text style={[styles.muted, styles.paragraph]}>
      {printable(REPORT_TEXTS.recallModels(recalls.models, recalls.source))}
    </Text>
  );
  if (!first) {
    return (
      <>
        <SectionTitle>Safety recalls</SectionTitle>
        {matched}
        <Text>
          {REPORT_TEXTS.noRecords(
            'recall campaigns for this model and year',
            printable(recalls.source),
          )}
        </Text>
      </>
    );
  }
  return (
    <>
      <SectionTitle keepWith={150}>Safety recalls</SectionTitle>
      {/* The by-model warning stays with the first campaign. */}
      <View wrap={false}>
        {matched}
        <Text style={styles.paragraph}>
          {printable(REPORT_TEXTS.recallsByModel(vehicleName(vehicle)))}
        </Text>
        <Campaign campaign={first} source={recalls.source} />
      </View>
      {rest.map((c) => (
        <Campaign key={c.campaignNumber} campaign={c} source={recalls.source} />
      ))}
    </>
  );
}

/** What NMVTIS is and is not, as NMVTIS data providers tell consumers with a report. */
export function NmvtisNotice() {
  const { title, paragraphs } = REPORT_TEXTS.nmvtisNotice;
  return (
    <View wrap={false}>
      <SectionTitle>{title}</SectionTitle>
      {paragraphs.map((p) => (
        <Text key={p} style={styles.paragraph}>
          {p}
        </Text>
      ))}
    </View>
  );
}

export function Limits({ contactEmail }: { contactEmail: string }) {
  // The closing words read as one piece: they move to a new page whole rather than split.
  return (
    <View wrap={false}>
      <SectionTitle>What this report does not cover</SectionTitle>
      {REPORT_TEXTS.notCovered.map((line) => (
        <Bullet key={line}>{line}</Bullet>
      ))}
      <SubTitle>Our promise</SubTitle>
      <Text style={styles.paragraph}>{REPORT_REFUND_PROMISE}</Text>
      <Text style={styles.paragraph}>{USED_CREDITS_REFUNDS}</Text>
      <Text>Questions about this report: {printable(contactEmail)}.</Text>
    </View>
  );
}
