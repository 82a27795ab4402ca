import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { OrdersTab } from './OrdersTab.tsx';
import { PlateTestTab } from './PlateTestTab.tsx';
import { ProblemsTab } from './ProblemsTab.tsx';
import { PurchasesTab } from './PurchasesTab.tsx';
import { UsersTab } from './UsersTab.tsx';
import { useAdminPurchases, useAdminUsers, useOrderCounts } from './api.ts';
import { useAdminProblems } from './problems-api.ts';

const count = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);

/**
 * The admin panel (docs/product-rules.md#the-layout): five tabs, the first three with counts,
 * Problems with its open ones.
 */
export function AdminPanel() {
  const [tab, setTab] = useState(0);
  const users = useAdminUsers(1);
  const purchases = useAdminPurchases(1);
  const orders = useOrderCounts();
  const problems = useAdminProblems('open', '', 1);
  const tabs = [
    { label: `User Management${count(users.data?.pagination.total)}`, body: <UsersTab /> },
    { label: `Credit Purchases${count(purchases.data?.totalRecords)}`, body: <PurchasesTab /> },
    { label: `Report Orders${count(orders.data?.total)}`, body: <OrdersTab /> },
    { label: 'License Plate Test', body: <PlateTestTab /> },
    { label: `Problems${count(problems.data?.counts.open)}`, body: <ProblemsTab /> },
  ];
  return (
    <Paper variant="outlined">
      <Tabs
        value={tab}
        onChange={(_event, value: number) => setTab(value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Admin sections"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((t, i) => (
          <Tab
            key={t.label.split(' (')[0]}
            label={t.label}
            id={`admin-tab-${i}`}
            aria-controls={`admin-tabpanel-${i}`}
            sx={{ textTransform: 'none', fontWeight: 600 }}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`admin-tabpanel-${tab}`}
        aria-labelledby={`admin-tab-${tab}`}
        sx={{ p: { xs: 1.5, sm: 3 } }}
      >
        {tabs[tab]?.body}
      </Box>
    </Paper>
  );
}
