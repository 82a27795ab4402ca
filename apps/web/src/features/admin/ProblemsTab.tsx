import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import {
  API_PREFIX,
  PROBLEM_ACTION_LABELS,
  PROBLEM_ACTIONS,
  PROBLEM_KIND_LABELS,
  PROBLEM_REPLY_MAX,
  type AdminProblem,
  type ProblemAction,
} from '@vr/contracts';
import { useState } from 'react';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { useToast } from '../../components/toast/toast-context.ts';
import { Pager } from './Pager.tsx';
import { PanelToolbar } from './PanelToolbar.tsx';
import { UploadReportDialog } from './UploadReportDialog.tsx';
import { downloadReport } from './api.ts';
import { formatDateTime } from './format.ts';
import {
  refreshProblems,
  useAdminProblems,
  useResolveProblem,
  type ProblemFilter,
} from './problems-api.ts';

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

function actionDisabled(problem: AdminProblem, action: ProblemAction): string | null {
  if (action === 'regenerate' && problem.reportSource === 'uploaded') {
    return 'an uploaded report is not regenerated; upload a corrected one';
  }
  if (action === 'refund' && problem.orderStatus !== 'Completed')
    return 'the order is not Completed';
  return null;
}

/** The answer: a reply mailed to the customer and what is done with it. */
function ResolveForm({ problem, onUpload }: { problem: AdminProblem; onUpload: () => void }) {
  const [reply, setReply] = useState('');
  const [action, setAction] = useState<ProblemAction>('reply');
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const resolve = useResolveProblem();
  const toast = useToast();
  const submit = () => {
    if (!reply.trim()) {
      setError({ field: 'reply', message: 'Write the reply the customer receives.' });
      return;
    }
    // Answered, the problem leaves the open list and this form unmounts: the promise, unlike
    // mutate's callbacks, still says so.
    void resolve.mutateAsync({ id: problem.id, body: { reply, action } }).then(
      (body) => toast.success(body.message),
      (err: Error) => setError({ message: err.message }),
    );
  };
  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
      <TextField
        label="Reply to the customer"
        multiline
        minRows={3}
        fullWidth
        value={reply}
        onChange={(e) => {
          setReply(e.target.value);
          setError(null);
        }}
        error={error?.field === 'reply' || reply.length > PROBLEM_REPLY_MAX}
        helperText={
          error?.field === 'reply'
            ? error.message
            : `${reply.length} / ${PROBLEM_REPLY_MAX} characters; mailed to ${problem.userEmail ?? 'the customer'}`
        }
      />
      <FormControl sx={{ mt: 1.5, display: 'flex' }}>
        <FormLabel id={`action-${problem.id}`}>And at the same time</FormLabel>
        <RadioGroup
          aria-labelledby={`action-${problem.id}`}
          value={action}
          onChange={(e) => setAction(e.target.value as ProblemAction)}
        >
          {PROBLEM_ACTIONS.map((value) => {
            const why = actionDisabled(problem, value);
            return (
              <FormControlLabel
                key={value}
                value={value}
                disabled={why !== null}
                control={<Radio size="small" />}
                label={
                  why ? `${PROBLEM_ACTION_LABELS[value]} (${why})` : PROBLEM_ACTION_LABELS[value]
                }
              />
            );
          })}
        </RadioGroup>
      </FormControl>
      {action === 'corrected' ? (
        <Box sx={{ mb: 1 }}>
          <Button size="small" variant="outlined" onClick={onUpload}>
            Upload corrected report
          </Button>
        </Box>
      ) : null}
      {error && error.field !== 'reply' ? (
        <Alert severity="error" sx={{ my: 1 }}>
          {error.message}
        </Alert>
      ) : null}
      <Box sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" disabled={resolve.isPending}>
          Send answer
        </Button>
      </Box>
    </Box>
  );
}

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
          <ResolveForm problem={problem} onUpload={onUpload} />
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

const FILTERS: { value: ProblemFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];

/** Problems customers reported on their reports: find, read side by side, answer. */
export function ProblemsTab() {
  const [filter, setFilter] = useState<ProblemFilter>('open');
  const [page, setPage] = useState(1);
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
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
        onSubmit={(event) => {
          event.preventDefault();
          setQ(input.trim());
          setPage(1);
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        <TextField
          size="small"
          label="Search by e-mail, user ID or order ID"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ flex: '1 1 260px' }}
        />
        <Button type="submit" variant="contained">
          Search
        </Button>
        <Button
          disabled={!q && !input}
          onClick={() => {
            setInput('');
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
