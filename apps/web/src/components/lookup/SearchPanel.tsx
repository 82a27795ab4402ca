import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import { PlateSearchForm, type PlateSearchProps } from './PlateSearchForm.tsx';
import { VinSearchForm, type VinSearchProps } from './VinSearchForm.tsx';

type SearchTab = 'vin' | 'plate';

/** The two search tabs, "VIN Search" and "License Plate", of the landing page and the dashboard. */
export function SearchPanel({
  vinSearch,
  plateSearch,
}: {
  vinSearch: VinSearchProps;
  plateSearch: PlateSearchProps;
}) {
  const [tab, setTab] = useState<SearchTab>('vin');
  const id = useId();
  const tabId = (t: SearchTab) => `${id}-tab-${t}`;
  const panelId = (t: SearchTab) => `${id}-panel-${t}`;
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_, value: SearchTab) => setTab(value)}
        aria-label="Search by"
        variant="fullWidth"
        sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="vin" label="VIN Search" id={tabId('vin')} aria-controls={panelId('vin')} />
        <Tab
          value="plate"
          label="License Plate"
          id={tabId('plate')}
          aria-controls={panelId('plate')}
        />
      </Tabs>
      {(['vin', 'plate'] as const).map((t) => (
        <div key={t} role="tabpanel" id={panelId(t)} aria-labelledby={tabId(t)} hidden={tab !== t}>
          {tab === t ? (
            t === 'vin' ? (
              <VinSearchForm {...vinSearch} />
            ) : (
              <PlateSearchForm {...plateSearch} />
            )
          ) : null}
        </div>
      ))}
    </Box>
  );
}
