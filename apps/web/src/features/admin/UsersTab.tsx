import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES, creditCount, type AdminUserRow } from '@vr/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../lib/api.ts';
import { CreditCell } from './CreditCell.tsx';
import { AdminTable, NO_WRAP, UserCell, type AdminColumn } from './AdminTable.tsx';
import { PanelToolbar } from './PanelToolbar.tsx';
import { findUserByEmail, useAdminUsers } from './api.ts';
import { formatDateTime } from './format.ts';

const COLUMNS: AdminColumn<AdminUserRow>[] = [
  { header: 'User', cell: (user) => <UserCell email={user.email} id={user.id} /> },
  { header: 'Username', cell: (user) => user.username ?? 'N/A' },
  { header: 'Available Credits', cell: (user) => user.credit ?? 0, align: 'right' },
  { header: 'Role', cell: (user) => user.role },
  { header: 'Last Updated', cell: (user) => formatDateTime(user.updatedAt), sx: NO_WRAP },
  { header: 'Actions', cell: (user) => <CreditCell user={user} /> },
];

/** The search's one field: an address with an @, else the form's own message. */
const userSearchSchema = z.object({
  email: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+$/, ADMIN_MESSAGES.invalidEmail),
});
type UserSearchValues = z.infer<typeof userSearchSchema>;

function UserSearch() {
  const { control, handleSubmit, formState, reset } = useForm<UserSearchValues>({
    defaultValues: { email: '' },
    resolver: zodResolver(userSearchSchema),
    // The message stays until the next search, as a search's answer does.
    reValidateMode: 'onSubmit',
  });
  // Controlled, so that Clear (reset) also tells the field it is empty and its label comes down.
  const {
    field: { ref: emailRef, ...emailField },
  } = useController({ control, name: 'email' });
  const lookup = useMutation({ mutationFn: findUserByEmail });
  const search = () => handleSubmit((values) => lookup.mutate(values.email))();
  const invalid = formState.errors.email?.message;
  const failure = lookup.error;
  const message =
    invalid ??
    (failure
      ? failure instanceof ApiError && failure.status === 404
        ? ADMIN_MESSAGES.noUserFound
        : `${ADMIN_MESSAGES.usersErrorPrefix} ${failure.message}`
      : null);
  const result = !invalid && lookup.isSuccess ? lookup.data : null;

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
          inputRef={emailRef}
          {...emailField}
          sx={{ flex: '1 1 240px' }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!emailField.value.trim() || lookup.isPending}
        >
          Search
        </Button>
        <Button
          variant="text"
          onClick={() => {
            reset();
            lookup.reset();
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
            User ID {result.id} · {result.role} · {creditCount(result.credit)} · Username{' '}
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
      <AdminTable
        label="All Users"
        columns={COLUMNS}
        rows={users.data?.data ?? []}
        loading={users.isPending}
        error={users.isError ? users.error : null}
        onRetry={() => void users.refetch()}
        errorPrefix={ADMIN_MESSAGES.usersErrorPrefix}
        emptyText={ADMIN_MESSAGES.noUsersFound}
        pager={
          pagination && {
            page: pagination.current,
            pages: pagination.pages,
            total: pagination.total,
            onPage: setPage,
          }
        }
      />
    </Box>
  );
}
