import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { useIsMobile } from '../../lib/responsive.ts';
import { Pager } from './Pager.tsx';

/** One column of an admin table: its heading and what each row shows under it. */
export interface AdminColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'right';
  sx?: SxProps<Theme>;
}

/** Monospace for the ids the admin copies; long ids wrap instead of widening the table. */
export const ID_CELL = { fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' } as const;

/** Who a row belongs to: the e-mail address a person reads, the id an operator copies. */
export function UserCell({ email, id }: { email: string | null; id: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {email ?? 'Deleted user'}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={ID_CELL}>
        {id}
      </Typography>
    </Box>
  );
}

/** The phone layout: each row a card of "heading: value" lines, the actions last. */
function RowCards<Row extends { id: string | number }>({
  label,
  columns,
  rows,
}: {
  label: string;
  columns: readonly AdminColumn<Row>[];
  rows: readonly Row[];
}) {
  return (
    <Box component="ul" aria-label={label} sx={{ display: 'grid', gap: 1.5, p: 0, m: 0 }}>
      {rows.map((row) => (
        <Paper component="li" key={row.id} variant="outlined" sx={{ p: 1.5, listStyle: 'none' }}>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 1.5,
              rowGap: 0.75,
              m: 0,
            }}
          >
            {columns.map((column) => (
              <Box key={column.header} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {column.header}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {column.cell(row)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
export const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * An admin tab's list: the loading/error/empty status, else the table of the page's rows and the
 * pager. On a phone the rows are cards; `renderRows` replaces both (a tab's own phone layout).
 */
export function AdminTable<Row extends { id: string | number }>({
  label,
  columns,
  rows,
  loading,
  error,
  onRetry,
  errorPrefix,
  emptyText,
  pager,
  renderRows,
}: {
  /** The table's accessible name. */
  label: string;
  columns: readonly AdminColumn<Row>[];
  rows: readonly Row[];
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  errorPrefix: string;
  emptyText: string;
  pager?: { page: number; pages: number; total: number; onPage: (page: number) => void };
  renderRows?: (rows: readonly Row[]) => ReactNode;
}) {
  const mobile = useIsMobile();
  if (loading || error || rows.length === 0) {
    return (
      <QueryStatus
        loading={loading}
        error={error}
        onRetry={onRetry}
        errorPrefix={errorPrefix}
        empty
        emptyText={emptyText}
      />
    );
  }
  return (
    <>
      {renderRows ? (
        renderRows(rows)
      ) : mobile ? (
        <RowCards label={label} columns={columns} rows={rows} />
      ) : (
        // Focusable, so a keyboard can scroll a table wider than its panel.
        <TableContainer
          component={Paper}
          variant="outlined"
          tabIndex={0}
          role="region"
          aria-label={`${label} table`}
        >
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.header} align={column.align}>
                    {column.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  {columns.map((column) => (
                    <TableCell key={column.header} align={column.align} sx={column.sx}>
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {pager ? <Pager {...pager} shown={rows.length} /> : null}
    </>
  );
}
