import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { mayReportProblem, ProblemState } from '../../components/problems/ProblemState.tsx';
import { ReportProblemDialog } from '../../components/problems/ReportProblemDialog.tsx';
import { api } from '../../lib/api.ts';

/** The report page's "Report a problem", and the state of the one reported. */
export function ProblemPanel({
  report,
}: {
  report: { orderId: string; vin: string; vehicle: string };
}) {
  const [open, setOpen] = useState(false);
  const problem = useQuery({
    queryKey: ['report-problem', report.orderId],
    queryFn: () =>
      api('GET /report-orders/:id/problem', { params: { id: report.orderId }, auth: true }).then(
        (body) => body.problem,
      ),
    retry: 1,
  });
  if (problem.data === undefined) return null;
  return (
    <Box>
      <ProblemState problem={problem.data} />
      {mayReportProblem(problem.data) ? (
        <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => setOpen(true)}>
          Report a problem
        </Button>
      ) : null}
      <ReportProblemDialog
        order={{ id: report.orderId, vin: report.vin, vehicle: report.vehicle }}
        open={open}
        onClose={() => setOpen(false)}
        onReported={() => problem.refetch()}
      />
    </Box>
  );
}
