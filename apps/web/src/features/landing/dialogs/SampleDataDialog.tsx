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
  ['Plant', 'Marysville, Ohio, United States'],
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
    title: 'Title History and Brands',
    status: 'No brands reported',
    tone: 'success',
    columns: ['Date', 'Source', 'Record'],
    rows: [
      ['2018-04-12', 'Ohio title record', 'Title issued, 12 mi'],
      ['2021-09-30', 'Pennsylvania title record', 'Title transferred, 31,240 mi'],
      ['2024-02-15', 'Pennsylvania title record', 'Current title, 52,610 mi'],
    ],
  },
  {
    title: 'Odometer Readings',
    status: 'No rollback found',
    tone: 'success',
    columns: ['Date', 'Source', 'Reading'],
    rows: [
      ['2018-04-12', 'Ohio title record', '12 mi (actual)'],
      ['2021-09-30', 'Pennsylvania title record', '31,240 mi (actual)'],
      ['2023-05-20', 'Dealer listing', '47,900 mi'],
      ['2024-02-15', 'Pennsylvania title record', '52,610 mi (actual)'],
    ],
  },
  {
    title: 'Junk, Salvage, Insurance, Theft and Liens',
    status: '1 record',
    tone: 'warning',
    columns: ['Date', 'Source', 'Record'],
    rows: [['2021-09-30', 'Pennsylvania title record', 'Lien recorded (auto lender), active']],
  },
  {
    title: 'Safety Recalls for the Model',
    status: '1 campaign',
    tone: 'warning',
    columns: ['Reported', 'Campaign', 'Component and remedy'],
    rows: [['2019-03-08', '19V000000', 'Rear view camera: dealers update the software, free']],
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
      {/* Focusable, so the keyboard scrolls a body taller than the dialog. */}
      <DialogContent dividers tabIndex={0}>
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
