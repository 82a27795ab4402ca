import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { PROBLEM_OUTCOME_TEXTS, type CustomerReportOrder } from '@vr/contracts';
import { useState } from 'react';
import { ReportProblemDialog } from './ReportProblemDialog.tsx';

/** The order's reported problem: Open, or Answered with our reply and what we did. */
export function OrderProblemState({ order }: { order: CustomerReportOrder }) {
  const problem = order.problem;
  if (!problem) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Chip
        size="small"
        variant="outlined"
        color={problem.state === 'Open' ? 'warning' : 'success'}
        label={`Problem reported: ${problem.state}`}
      />
      {problem.state === 'Open' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          We are checking the records and will answer by e-mail.
        </Typography>
      ) : (
        <Box
          sx={{ mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'success.main' }}
          aria-label="Our answer"
        >
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {problem.reply}
          </Typography>
          {problem.outcome ? (
            <Typography variant="body2" color="text.secondary">
              {PROBLEM_OUTCOME_TEXTS[problem.outcome]}
            </Typography>
          ) : null}
        </Box>
      )}
    </Box>
  );
}

/** "Report a problem" on a Completed report without an open one. */
export function ReportProblemButton({ order }: { order: CustomerReportOrder }) {
  const [open, setOpen] = useState(false);
  if (order.status !== 'Completed' || order.problem?.state === 'Open') return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={() => setOpen(true)}
        aria-label={`Report a problem with the report for VIN ${order.vin}`}
      >
        Report a problem
      </Button>
      <ReportProblemDialog order={order} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
