import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import { PlateSearchForm } from './PlateSearchForm.tsx';
import { VinSearchForm, type VinSearchProps } from './VinSearchForm.tsx';

type SearchTab = 'vin' | 'plate';

/** The two search tabs, "VIN Search" and "License Plate", shared by the hero and the mobile card. */
export function SearchPanel({
  vinSearch,
  onRequestSignIn,
}: {
  vinSearch: VinSearchProps;
  onRequestSignIn: () => void;
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
              <PlateSearchForm onRequestSignIn={onRequestSignIn} />
            )
          ) : null}
        </div>
      ))}
    </Box>
  );
}
