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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES, type AdminUserRow } from '@vr/contracts';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { CreditCell } from './CreditCell.tsx';
import { ListStatus } from './ListStatus.tsx';
import { PanelToolbar } from './PanelToolbar.tsx';
import { Pager } from './Pager.tsx';
import { findUserByEmail, useAdminUsers } from './api.ts';
import { formatDateTime } from './format.ts';

function UserSearch() {
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<AdminUserRow | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async () => {
    const trimmed = email.trim();
    setResult(null);
    if (!trimmed || !/^[^\s@]+@[^\s@]+$/.test(trimmed)) {
      setMessage(ADMIN_MESSAGES.invalidEmail);
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      setResult(await findUserByEmail(trimmed));
    } catch (err) {
      setMessage(
        err instanceof ApiError && err.status === 404
          ? ADMIN_MESSAGES.noUserFound
          : `${ADMIN_MESSAGES.usersErrorPrefix} ${(err as Error).message}`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mb: 3 }}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        <TextField
          size="small"
          type="email"
          label="Search user by email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          sx={{ flex: '1 1 240px' }}
        />
        <Button type="submit" variant="contained" disabled={!email.trim() || busy}>
          Search
        </Button>
        <Button
          variant="text"
          onClick={() => {
            setEmail('');
            setResult(null);
            setMessage(null);
          }}
        >
          Clear
        </Button>
      </Box>
      {message ? (
        <Alert
          severity={message === ADMIN_MESSAGES.noUserFound ? 'info' : 'error'}
          sx={{ mt: 1.5 }}
        >
          {message}
        </Alert>
      ) : null}
      {result ? (
        <Paper variant="outlined" sx={{ mt: 1.5, p: 2 }} aria-label="Search result">
          <Typography sx={{ fontWeight: 700 }}>{result.email}</Typography>
          <Typography variant="body2" color="text.secondary">
            User ID {result.id} · {result.role} · {result.credit} credits · Username{' '}
            {result.username ?? 'N/A'}
          </Typography>
          <Box sx={{ mt: 1.5 }}>
            <CreditCell user={result} onUpdated={() => void search()} />
          </Box>
        </Paper>
      ) : null}
    </Box>
  );
}

/** Tab 0, User Management: search by e-mail and the "All Users" table. */
export function UsersTab() {
  const [page, setPage] = useState(1);
  const users = useAdminUsers(page);
  const rows = users.data?.data ?? [];
  const pagination = users.data?.pagination;
  return (
    <Box>
      <PanelToolbar
        title="User Management"
        onRefresh={() => void users.refetch()}
        refreshing={users.isFetching}
      />
      <UserSearch />
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        All Users
      </Typography>
      <ListStatus
        loading={users.isPending}
        error={users.isError ? users.error : null}
        errorPrefix={ADMIN_MESSAGES.usersErrorPrefix}
        empty={rows.length === 0}
        emptyText={ADMIN_MESSAGES.noUsersFound}
        onRetry={() => void users.refetch()}
      />
      {!users.isPending && !users.isError && rows.length > 0 ? (
        <>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="All Users">
              <TableHead>
                <TableRow>
                  <TableCell>User ID</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Username</TableCell>
                  <TableCell align="right">Available Credits</TableCell>
                  <TableCell>Role</TableCell>
                  <TableCell>Last Updated</TableCell>
                  <TableCell>Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((user) => (
                  <TableRow key={user.id}>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{user.id}</TableCell>
                    <TableCell>{user.email}</TableCell>
                    <TableCell>{user.username ?? 'N/A'}</TableCell>
                    <TableCell align="right">{user.credit ?? 0}</TableCell>
                    <TableCell>{user.role}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(user.updatedAt)}
                    </TableCell>
                    <TableCell>
                      <CreditCell user={user} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {pagination ? (
            <Pager
              page={pagination.current}
              pages={pagination.pages}
              shown={rows.length}
              total={pagination.total}
              onPage={setPage}
            />
          ) : null}
        </>
      ) : null}
    </Box>
  );
}
