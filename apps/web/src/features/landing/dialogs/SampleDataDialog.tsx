import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { REPORT_CONTENTS, SAMPLE_REPORT_PATH } from '@vr/contracts';
import { DialogHeader } from './DialogHeader.tsx';

/** How a report is laid out, page by page, as the sample PDF shows it. */
const LAYOUT = [
  'First page: the vehicle (VIN, year, make, model, trim, engine, body, fuel, plant) and a summary of red flags, each marked green, amber or red.',
  'Title history as a timeline, and the odometer readings as a chart that flags a drop.',
  'Every record in a table, each line with its source and date.',
  'The safety recalls of the model, with their remedies.',
  'Last: what the report does not cover, and our refund promise.',
];

/**
 * Sample Data (docs/reports.md#the-sample-report): what a report holds, and the sample report
 * itself, the real PDF of a sandbox demo vehicle, laid out as every customer's report.
 */
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
      maxWidth="sm"
      fullScreen={fullScreen}
      scroll="paper"
    >
      <DialogHeader id="sample-data-title" onClose={onClose}>
        Sample Vehicle History Data
      </DialogHeader>
      {/* Focusable, so the keyboard scrolls a body taller than the dialog. */}
      <DialogContent dividers tabIndex={0}>
        <Alert severity="info" sx={{ mb: 3 }}>
          Sample data for illustration only. The sample report is a real report of a demo vehicle, a
          2013 Ford F-150 with a salvage title that was later rebuilt, made from sample records, not
          from a real vehicle&apos;s history; every page of it says so.
        </Alert>
        <Typography component="h3" sx={{ fontWeight: 800, mb: 1 }}>
          What a report holds
        </Typography>
        <Box
          component="ul"
          sx={{ m: 0, mb: 3, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}
        >
          {REPORT_CONTENTS.map((item) => (
            <Box component="li" key={item} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <CheckCircleIcon fontSize="small" color="primary" aria-hidden="true" />
              {item}
            </Box>
          ))}
        </Box>
        <Typography component="h3" sx={{ fontWeight: 800, mb: 1 }}>
          How it is laid out
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.75 }}>
          {LAYOUT.map((line) => (
            <li key={line}>
              <Typography variant="body2">{line}</Typography>
            </li>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Close</Button>
        <Button
          variant="contained"
          href={SAMPLE_REPORT_PATH}
          target="_blank"
          rel="noopener"
          startIcon={<PictureAsPdfIcon />}
        >
          Open Sample Report (PDF)
        </Button>
      </DialogActions>
    </Dialog>
  );
}
