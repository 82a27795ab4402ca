import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  API_PREFIX,
  PROBLEM_ACTION_LABELS,
  PROBLEM_KIND_LABELS,
  adminProblemsQuerySchema,
  type AdminProblem,
} from '@vr/contracts';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { useToast } from '../../components/toast/toast-context.ts';
import { Pager } from './Pager.tsx';
import { PanelToolbar } from './PanelToolbar.tsx';
import { ResolveProblemForm } from './ResolveProblemForm.tsx';
import { UploadReportDialog } from './UploadReportDialog.tsx';
import { downloadReport } from './api.ts';
import { formatDateTime } from './format.ts';
import { refreshProblems, useAdminProblems, type ProblemFilter } from './problems-api.ts';

const ERROR_PREFIX = 'Error loading problems:';

/** The order's report as the admin downloads it (docs/admin-api.md). */
const adminReportOf = (problem: AdminProblem) => ({
  id: problem.orderId,
  vin: problem.vin,
  reportUrl:
    problem.reportSource !== null
      ? `${API_PREFIX}/admin/reports/${encodeURIComponent(problem.orderId)}/download`
      : null,
});

/** One problem: the order and its report beside the customer's words, then the answer. */
function ProblemCard({ problem, onUpload }: { problem: AdminProblem; onUpload: () => void }) {
  const toast = useToast();
  const report = adminReportOf(problem);
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 } }}
      aria-label={`Problem ${problem.id}`}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary">
            The order
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{problem.vehicle}</Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            {problem.vin}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            Order {problem.orderId}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {problem.userEmail ?? '(account deleted)'} · user {problem.userId}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
            <Chip size="small" label={problem.orderStatus} />
            <Button
              size="small"
              disabled={!report.reportUrl}
              onClick={() =>
                void downloadReport(report).catch((err: Error) => toast.error(err.message))
              }
              aria-label={`Open report (${problem.reportSource ?? 'none'}) of order ${problem.orderId}`}
            >
              Open report ({problem.reportSource ?? 'none'})
            </Button>
          </Box>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary">
            The customer&apos;s words · {formatDateTime(problem.createdAt)}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{PROBLEM_KIND_LABELS[problem.kind]}</Typography>
          <Typography
            variant="body2"
            component="blockquote"
            sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {problem.description}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
        {problem.state === 'Open' ? (
          <ResolveProblemForm problem={problem} onUpload={onUpload} />
        ) : (
          <>
            <Typography variant="overline" color="text.secondary">
              Answered {problem.answeredAt ? formatDateTime(problem.answeredAt) : ''} ·{' '}
              {problem.outcome ? PROBLEM_ACTION_LABELS[problem.outcome] : ''}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {problem.reply}
            </Typography>
          </>
        )}
      </Box>
    </Paper>
  );
}

/** The search, as the list's query takes it (trimmed). */
const problemSearchSchema = z.object({ q: adminProblemsQuerySchema.shape.q.unwrap() });

const FILTERS: { value: ProblemFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];

/** Problems customers reported on their reports: find, read side by side, answer. */
export function ProblemsTab() {
  const [filter, setFilter] = useState<ProblemFilter>('open');
  const [page, setPage] = useState(1);
  /** The search the list shows; the field's text is applied by Search. */
  const [q, setQ] = useState('');
  const search = useForm<z.infer<typeof problemSearchSchema>>({
    defaultValues: { q: '' },
    resolver: zodResolver(problemSearchSchema),
  });
  const { field: input } = useController({ control: search.control, name: 'q' });
  const [uploading, setUploading] = useState<AdminProblem | null>(null);
  const client = useQueryClient();
  const listed = useAdminProblems(filter, q, page);
  const rows = listed.data?.data ?? [];
  const counts = listed.data?.counts;
  const pagination = listed.data?.pagination;
  const countOf = (f: ProblemFilter) =>
    !counts
      ? '…'
      : f === 'open'
        ? counts.open
        : f === 'resolved'
          ? counts.resolved
          : counts.open + counts.resolved;

  return (
    <Box>
      <PanelToolbar
        title="Problems"
        onRefresh={() => void listed.refetch()}
        refreshing={listed.isFetching}
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={filter}
        onChange={(_event, value: ProblemFilter | null) => {
          if (!value) return;
          setFilter(value);
          setPage(1);
        }}
        aria-label="Problem state filter"
        sx={{ mb: 2 }}
      >
        {FILTERS.map((f) => (
          <ToggleButton key={f.value} value={f.value} sx={{ textTransform: 'none' }}>
            {f.label} ({countOf(f.value)})
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box
        component="form"
        noValidate
        onSubmit={(event) =>
          void search.handleSubmit((values) => {
            setQ(values.q);
            setPage(1);
          })(event)
        }
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        <TextField
          size="small"
          label="Search by e-mail, user ID or order ID"
          name={input.name}
          value={input.value}
          inputRef={input.ref}
          onChange={input.onChange}
          onBlur={input.onBlur}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ flex: '1 1 260px' }}
        />
        <Button type="submit" variant="contained">
          Search
        </Button>
        <Button
          disabled={!q && !input.value}
          onClick={() => {
            search.reset();
            setQ('');
            setPage(1);
          }}
        >
          Clear Search
        </Button>
      </Box>
      {listed.isPending || listed.isError || rows.length === 0 ? (
        <QueryStatus
          loading={listed.isPending}
          error={listed.isError ? listed.error : null}
          errorPrefix={ERROR_PREFIX}
          onRetry={() => void listed.refetch()}
          empty={rows.length === 0}
          emptyText={q ? `No problems found for "${q}".` : 'No problems here.'}
        />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {rows.map((problem) => (
            <ProblemCard
              key={problem.id}
              problem={problem}
              onUpload={() => setUploading(problem)}
            />
          ))}
        </Box>
      )}
      {pagination && rows.length > 0 ? (
        <Pager
          page={pagination.current}
          pages={pagination.pages}
          shown={rows.length}
          total={pagination.total}
          onPage={setPage}
        />
      ) : null}
      <UploadReportDialog
        order={
          uploading && {
            id: uploading.orderId,
            userId: uploading.userId,
            vin: uploading.vin,
            status: uploading.orderStatus,
          }
        }
        onClose={() => {
          setUploading(null);
          void refreshProblems(client);
        }}
      />
    </Box>
  );
}
