import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import type { CustomerReportOrder } from '@vr/contracts';
import { useState } from 'react';
import { ReportProblemDialog } from '../../components/problems/ReportProblemDialog.tsx';
import { ORDER_KEYS } from './api.ts';

/** "Report a problem" on a Completed report without an open one. */
export function ReportProblemButton({ order }: { order: CustomerReportOrder }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
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
      <ReportProblemDialog
        order={order}
        open={open}
        onClose={() => setOpen(false)}
        onReported={() => client.invalidateQueries({ queryKey: ORDER_KEYS.mine })}
      />
    </>
  );
}
