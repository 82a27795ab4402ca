import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DialogHeader } from './DialogHeader.tsx';

/*
 * Illustrative data only: an invented vehicle (its VIN spells SAMPLE) showing the layout and the
 * kinds of records a report contains. Nothing here describes a real vehicle.
 */
const SAMPLE_VEHICLE: [string, string][] = [
  ['VIN', '1XXSAMPLE00000001'],
  ['Vehicle', '2018 Sample Motors Sedan LX'],
  ['Engine', '2.0L 4 cyl'],
  ['Transmission', 'Automatic'],
  ['Body Class', 'Sedan/Saloon'],
  ['Fuel Type', 'Gasoline'],
];

const SAMPLE_SECTIONS: {
  title: string;
  status: string;
  tone: 'success' | 'warning';
  columns: [string, string, string];
  rows: string[][];
}[] = [
  {
    title: 'Title and Liens',
    status: 'No brands reported',
    tone: 'success',
    columns: ['Date', 'State', 'Event'],
    rows: [
      ['2018-04-12', 'Ohio', 'Title issued — clean'],
      ['2021-09-30', 'Pennsylvania', 'Title transferred — clean'],
      ['2021-09-30', 'Pennsylvania', 'Lien recorded (auto lender)'],
      ['2024-02-15', 'Pennsylvania', 'Lien released'],
    ],
  },
  {
    title: 'Accident and Damage History',
    status: '1 record',
    tone: 'warning',
    columns: ['Date', 'Location', 'Details'],
    rows: [['2020-06-03', 'Columbus, OH', 'Minor rear damage reported; no airbag deployment']],
  },
  {
    title: 'Service Records',
    status: '6 records',
    tone: 'success',
    columns: ['Date', 'Odometer', 'Service'],
    rows: [
      ['2018-10-20', '5,120 mi', 'Oil and filter change'],
      ['2019-05-11', '11,870 mi', 'Tire rotation, multi-point inspection'],
      ['2020-07-22', '19,450 mi', 'Rear bumper repaired'],
      ['2021-08-14', '27,300 mi', 'Brake pads replaced'],
      ['2022-11-02', '36,910 mi', 'Battery replaced'],
      ['2024-01-18', '48,210 mi', 'Scheduled maintenance'],
    ],
  },
  {
    title: 'Previous Owners and Usage',
    status: '2 owners',
    tone: 'success',
    columns: ['Period', 'State', 'Usage'],
    rows: [
      ['2018 – 2021', 'Ohio', 'Personal use, about 10,100 mi/year'],
      ['2021 – present', 'Pennsylvania', 'Personal use, about 9,800 mi/year'],
    ],
  },
];

function Section({
  title,
  status,
  tone,
  children,
}: {
  title: string;
  status: string;
  tone: 'success' | 'warning';
  children: ReactNode;
}) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1, flexWrap: 'wrap' }}>
        <Typography component="h3" sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
        <Chip size="small" label={status} color={tone} variant="outlined" />
      </Box>
      {children}
    </Box>
  );
}

export default function SampleDataDialog({
  open,
  fullScreen,
  onClose,
}: {
  open: boolean;
  fullScreen: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="sample-data-title"
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      scroll="paper"
    >
      <DialogHeader id="sample-data-title" onClose={onClose}>
        Sample Vehicle History Data
      </DialogHeader>
      <DialogContent dividers>
        <Alert severity="info" sx={{ mb: 3 }}>
          Sample data for illustration only. This is an invented vehicle, not a real vehicle&apos;s
          history; a real report contains the records found for the VIN you order.
        </Alert>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'max-content 1fr', sm: 'repeat(2, max-content 1fr)' },
            columnGap: { xs: 2, sm: 3 },
            rowGap: 1,
            m: 0,
            p: 2,
            borderRadius: 2,
            bgcolor: '#f8fafc',
            border: '1px solid #e2e8f0',
            '& dt': {
              color: 'text.secondary',
              fontSize: { xs: '0.875rem', sm: '1rem' },
              pt: '2px',
            },
            '& dd': { m: 0, fontWeight: 600, overflowWrap: 'anywhere' },
          }}
        >
          {SAMPLE_VEHICLE.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Box>
          ))}
        </Box>
        {SAMPLE_SECTIONS.map((section) => (
          <Section
            key={section.title}
            title={section.title}
            status={section.status}
            tone={section.tone}
          >
            <Box sx={{ overflowX: 'auto' }}>
              <Box
                component="table"
                sx={{
                  width: '100%',
                  tableLayout: 'fixed',
                  borderCollapse: 'collapse',
                  fontSize: { xs: '0.8rem', sm: '0.9rem' },
                  '& th': {
                    textAlign: 'left',
                    fontWeight: 600,
                    fontSize: '0.75rem',
                    textTransform: 'uppercase',
                    letterSpacing: '0.06em',
                    color: 'text.secondary',
                    pb: 0.5,
                    borderBottom: '1px solid #cbd5e1',
                  },
                  '& td': {
                    py: 1,
                    pr: 1.5,
                    borderBottom: '1px solid #e2e8f0',
                    verticalAlign: 'top',
                  },
                  '& td:first-of-type': { color: 'text.secondary' },
                }}
              >
                <colgroup>
                  <col style={{ width: '28%' }} />
                  <col style={{ width: '27%' }} />
                  <col />
                </colgroup>
                <thead>
                  <tr>
                    {section.columns.map((column) => (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {section.rows.map((row) => (
                    <tr key={row.join('|')}>
                      {row.map((cell, i) => (
                        <td key={i}>{cell}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </Box>
            </Box>
          </Section>
        ))}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
