import { CREDITS_NEVER_EXPIRE, REPORT_CONTENTS_SENTENCE, formatCents } from '@vr/contracts';
import type { PlateSearchProps } from '../../components/lookup/PlateSearchForm.tsx';
import { SearchPanel } from '../../components/lookup/SearchPanel.tsx';
import type { VinSearchProps } from '../../components/lookup/VinSearchForm.tsx';
import { CheckCircleIcon } from '../../components/ui/icons.tsx';

export interface PriceHint {
  /** The catalog's lowest per-lookup price in cents; undefined while loading, null if unknown. */
  fromCents: number | null | undefined;
}

/** "from $3.50", a placeholder of the same size while the catalog loads, or nothing without one. */
export function FromPrice({ fromCents }: PriceHint) {
  if (fromCents === undefined) return <span className="ui-skeleton landing-skeleton-inline" />;
  if (fromCents === null) return null;
  return <span>from {formatCents(fromCents)}</span>;
}

const TRUST_POINTS = [
  'Free VIN decode — no account needed',
  'Pay per report with prepaid credits',
  CREDITS_NEVER_EXPIRE,
];

/**
 * Home: the headline and the search. Desktop shows the tabs in the hero; the mobile layout shows
 * the same search in a card.
 */
export function Hero({
  mobile,
  fromCents,
  vinSearch,
  plateSearch,
}: PriceHint & {
  mobile: boolean;
  vinSearch: VinSearchProps;
  plateSearch: PlateSearchProps;
}) {
  return (
    <section
      id="home"
      className={
        mobile ? 'landing-hero landing-hero--mobile landing-dark' : 'landing-hero landing-dark'
      }
      aria-labelledby="hero-title"
    >
      <div className="landing-container">
        <div className="landing-hero__grid">
          <div>
            <p className="landing-overline landing-hero__overline">US vehicle history reports</p>
            <h1 id="hero-title" className="landing-hero__title">
              Know the vehicle before you buy it
            </h1>
            <p className="landing-hero__lead">
              Decode any VIN for free from NHTSA vehicle data, then get the full history:{' '}
              {REPORT_CONTENTS_SENTENCE}.
            </p>
            {fromCents === null ? null : (
              <p className="landing-hero__price">
                Full history lookups{' '}
                <strong>
                  <FromPrice fromCents={fromCents} />
                </strong>
              </p>
            )}
            {mobile ? null : (
              <ul className="landing-checklist landing-hero__points">
                {TRUST_POINTS.map((point) => (
                  <li key={point}>
                    <CheckCircleIcon className="ui-icon--small" />
                    {point}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div
            className="landing-search"
            role="search"
            aria-label="Vehicle search"
            data-layout={mobile ? 'mobile' : 'desktop'}
          >
            <h2 className="landing-search__title">
              {mobile ? 'Look up a vehicle' : 'Start with a free VIN decode'}
            </h2>
            <p className="landing-body2 landing-search__lead">
              Decode a VIN for free, or find the VIN of a US license plate.
            </p>
            <SearchPanel vinSearch={vinSearch} plateSearch={plateSearch} />
          </div>
        </div>
      </div>
    </section>
  );
}
