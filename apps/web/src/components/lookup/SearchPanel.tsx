import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { PlateSearchForm, type PlateSearchProps } from './PlateSearchForm.tsx';
import { VinSearchForm, type VinSearchProps } from './VinSearchForm.tsx';
import '../ui/ui.css';

const TABS = [
  { value: 'vin', label: 'VIN Search' },
  { value: 'plate', label: 'License Plate' },
] as const;

type SearchTab = (typeof TABS)[number]['value'];

/** Where each key moves the focus among the tabs (WAI-ARIA tabs pattern). */
function nextIndex(key: string, index: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % TABS.length;
  if (key === 'ArrowLeft') return (index - 1 + TABS.length) % TABS.length;
  if (key === 'Home') return 0;
  if (key === 'End') return TABS.length - 1;
  return null;
}

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
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // The arrow keys move the focus only; Enter, Space or a click selects (as MUI's tabs did).
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next = nextIndex(event.key, index);
    if (next === null) return;
    event.preventDefault();
    tabRefs.current[next]?.focus();
  };
  return (
    <div>
      <div className="ui-tabs" role="tablist" aria-label="Search by">
        {TABS.map((t, index) => (
          <button
            key={t.value}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            type="button"
            role="tab"
            className="ui-tab"
            id={tabId(t.value)}
            aria-controls={panelId(t.value)}
            aria-selected={tab === t.value}
            tabIndex={tab === t.value ? 0 : -1}
            onClick={() => setTab(t.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {TABS.map(({ value: t }) => (
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
    </div>
  );
}
