import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import type { ReportFlagLevel, ReportView, ReportViewTable } from '@vr/contracts';
import { visuallyHidden } from '@mui/utils';
import type { ReactNode } from 'react';

/** The PDF's marks: the same three levels, in colours a reader tells apart with their words. */
const LEVEL_COLORS: Record<ReportFlagLevel, string> = {
  green: '#2e7d32',
  amber: '#ed8b00',
  red: '#c62828',
};

export function Mark({ level }: { level: ReportFlagLevel }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        flex: 'none',
        width: 14,
        height: 14,
        mt: '3px',
        borderRadius: '50%',
        bgcolor: LEVEL_COLORS[level],
      }}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function DataTable({ table, heading = true }: { table: ReportViewTable; heading?: boolean }) {
  return (
    <Box sx={{ mb: 2 }}>
      {heading ? (
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
          {table.title}
        </Typography>
      ) : null}
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {table.headers.map((h) => (
                <TableCell key={h} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {table.rows.map((row, i) => (
              <TableRow key={i}>
                {row.map((cell, j) => (
                  <TableCell
                    key={j}
                    sx={{
                      color: cell.alert ? LEVEL_COLORS.red : undefined,
                      fontWeight: cell.alert ? 700 : undefined,
                      minWidth: j === 0 ? 96 : undefined,
                    }}
                  >
                    {cell.text}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

export function DownloadPdfButton({ href }: { href: string }) {
  return (
    <Button
      variant="contained"
      startIcon={<Download />}
      href={href}
      target="_blank"
      rel="noopener"
      sx={{ justifySelf: 'start' }}
    >
      Download PDF
    </Button>
  );
}

/** A report uploaded as a file has no page: its PDF is the report. */
export function PdfOnly({ pdfUrl }: { pdfUrl: string }) {
  return (
    <Section title="This report is a PDF">
      <Typography sx={{ mb: 2 }}>
        This report was prepared as a document, so it has no web page: open the PDF to read it.
      </Typography>
      <DownloadPdfButton href={pdfUrl} />
    </Section>
  );
}

function Facts({ facts }: { facts: ReportView['facts'] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'max-content 1fr', sm: 'repeat(2, max-content 1fr)' },
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      {facts.map((fact) => (
        <Box key={fact.label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {fact.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, wordBreak: 'break-word' }}>
            {fact.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A report as a page: what its PDF shows, section by section, phone first. */
export function ReportBody({ view }: { view: ReportView }) {
  return (
    // minmax(0, 1fr): a wide table scrolls inside its section instead of widening the page.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      {view.sandbox ? <Alert severity="warning">{view.sandboxMark}</Alert> : null}
      <Section title="Vehicle">
        <Facts facts={view.facts} />
        {view.safety.length > 0 ? (
          <>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 2, mb: 0.5 }}>
              {view.safetyTitle}
            </Typography>
            <Facts facts={view.safety} />
          </>
        ) : null}
      </Section>
      <Section title="Summary">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 1.5 }}>
          {(Object.keys(view.legend) as ReportFlagLevel[]).map((level) => (
            <Box key={level} sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start' }}>
              <Mark level={level} />
              <Typography variant="body2" color="text.secondary">
                {view.legend[level]}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {view.flags.map((flag) => (
            <Box
              component="li"
              key={flag.topic}
              data-level={flag.level}
              sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start' }}
            >
              <Mark level={flag.level} />
              <Box>
                <Typography sx={{ fontWeight: 700 }}>
                  {flag.label}
                  <Box component="span" sx={visuallyHidden}>
                    {` (${view.legend[flag.level]})`}
                  </Box>
                </Typography>
                <Typography>{flag.text}</Typography>
              </Box>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {view.sources}
        </Typography>
      </Section>
      <Section title="Title history">
        {view.timelineNone ? <Typography>{view.timelineNone}</Typography> : null}
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
          {view.timeline.map((entry, i) => (
            <Box component="li" key={i} sx={{ display: 'flex', gap: 1.5 }}>
              <Typography sx={{ fontWeight: 700, minWidth: 100 }}>{entry.date}</Typography>
              <Box>
                <Typography
                  sx={{ fontWeight: 700, color: entry.brand ? LEVEL_COLORS.red : undefined }}
                >
                  {entry.headline}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Source: {entry.source}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      </Section>
      <Section title="Odometer">
        {view.odometer ? <DataTable table={view.odometer} heading={false} /> : null}
        {view.odometerNone ? <Typography>{view.odometerNone}</Typography> : null}
      </Section>
      <Section title="Records">
        {view.records.map((table) => (
          <DataTable key={table.title} table={table} />
        ))}
        {view.recordsNone ? <Typography>{view.recordsNone}</Typography> : null}
      </Section>
      <Section title="Safety recalls">
        {view.recalls.matched ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {view.recalls.matched}
          </Typography>
        ) : null}
        {view.recalls.none ? <Typography>{view.recalls.none}</Typography> : null}
        {view.recalls.notice ? (
          <Typography sx={{ mb: 1.5 }}>{view.recalls.notice}</Typography>
        ) : null}
        <Box sx={{ display: 'grid', gap: 2 }}>
          {view.recalls.campaigns.map((c) => (
            <Box key={c.heading} sx={{ display: 'flex', gap: 1.25 }}>
              <Mark level={c.urgent ? 'red' : 'amber'} />
              <Box>
                <Typography sx={{ fontWeight: 700 }}>{c.heading}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {c.reported}
                </Typography>
                {c.advice.map((a) => (
                  <Typography key={a} sx={{ fontWeight: 700, color: LEVEL_COLORS.red }}>
                    {a}
                  </Typography>
                ))}
                {c.details.map((d) => (
                  <Typography key={d.label} sx={{ mt: 0.5 }}>
                    <strong>{d.label}:</strong> {d.text}
                  </Typography>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      </Section>
      <Section title={view.nmvtis.title}>
        {view.nmvtis.paragraphs.map((p) => (
          <Typography key={p} sx={{ mb: 1 }}>
            {p}
          </Typography>
        ))}
      </Section>
      <Section title="What this report does not cover">
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {view.notCovered.map((line) => (
            <Typography component="li" key={line} sx={{ mb: 0.5 }}>
              {line}
            </Typography>
          ))}
        </Box>
      </Section>
    </Box>
  );
}
