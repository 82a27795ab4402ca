import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { PROBLEM_OUTCOME_TEXTS, type CustomerProblem } from '@vr/contracts';

/** A reported problem as its customer sees it: Open, or Answered with our reply and what we did. */
export function ProblemState({ problem }: { problem: CustomerProblem | null }) {
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

/** Whether a report may take a new problem: none open, and not refunded for one. */
export const mayReportProblem = (problem: CustomerProblem | null) =>
  !problem || (problem.state === 'Answered' && problem.outcome !== 'refund');
