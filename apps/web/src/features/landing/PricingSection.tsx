import {
  CREDITS_NEVER_EXPIRE,
  countOf,
  formatCents,
  savingsAgainstFirst,
  unitPriceCents,
  type CreditPackage,
} from '@vr/contracts';
import { Alert } from '../../components/ui/Alert.tsx';
import type { CatalogState } from './api.ts';
import { FromPrice } from './Hero.tsx';
import { SectionHeading } from './SectionHeading.tsx';

function PackageCard({
  pkg,
  packages,
}: {
  pkg: CreditPackage;
  packages: readonly CreditPackage[];
}) {
  const savings = savingsAgainstFirst(packages, pkg);
  const credits = countOf(pkg.creditAmount, 'Lookup');
  return (
    <article
      aria-label={`${credits}, ${formatCents(pkg.amount, pkg.currency)}`}
      className={`landing-card landing-package${pkg.popular ? ' landing-package--popular' : ''}`}
    >
      {pkg.popular ? <span className="landing-chip">POPULAR</span> : null}
      <h3 className="landing-package__name">{credits}</h3>
      <p className="landing-package__price">{formatCents(pkg.amount, pkg.currency)}</p>
      <p className="landing-body2">{formatCents(unitPriceCents(pkg), pkg.currency)} per lookup</p>
      <p
        className={`landing-body2 landing-package__savings${savings.percent > 0 ? ' landing-package__savings--saves' : ''}`}
      >
        {savings.percent > 0 ? `Save ${savings.percent}%` : 'Single report'}
      </p>
    </article>
  );
}

function PackageSkeleton() {
  return (
    <div className="landing-card landing-package" aria-hidden="true">
      <span className="ui-skeleton" style={{ width: '50%' }} />
      <span
        className="ui-skeleton landing-package__price"
        style={{ width: '60%', margin: '8px auto' }}
      />
      <span className="ui-skeleton" style={{ width: '70%' }} />
      <span className="ui-skeleton" style={{ width: '40%', marginTop: 8 }} />
    </div>
  );
}

function RetryButton({ catalog }: { catalog: Extract<CatalogState, { retry: unknown }> }) {
  return (
    <button
      type="button"
      className="ui-button ui-button--text ui-button--small"
      onClick={catalog.retry}
      disabled={catalog.retrying}
    >
      Retry
    </button>
  );
}

/** Pricing from the package catalog, with per-lookup prices and savings against the first package. */
export function PricingSection({ catalog }: { catalog: CatalogState }) {
  return (
    <section
      id="pricing"
      className="landing-section landing-section--paper"
      aria-labelledby="pricing-title"
    >
      <div className="landing-container">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple prepaid credits"
          subtitle={
            <>
              One credit buys one full vehicle history report. Buy more, pay less per lookup —{' '}
              <strong className="landing-pricing__from">
                lookups{' '}
                <FromPrice
                  fromCents={
                    catalog.status === 'ready'
                      ? catalog.fromCents
                      : catalog.status === 'loading'
                        ? undefined
                        : null
                  }
                />
              </strong>
              .
            </>
          }
        />
        {catalog.status === 'ready' && catalog.stale ? (
          <Alert
            severity="warning"
            className="landing-pricing__alert"
            action={<RetryButton catalog={catalog} />}
          >
            We could not load the latest prices, so these are the prices this browser last saw.
          </Alert>
        ) : null}
        {catalog.status === 'error' ? (
          <Alert severity="error" action={<RetryButton catalog={catalog} />}>
            Prices could not be loaded: {catalog.message}
          </Alert>
        ) : (
          <div className="landing-packages" aria-busy={catalog.status === 'loading'}>
            {catalog.status === 'ready'
              ? catalog.packages.map((pkg) => (
                  <PackageCard key={pkg.packageId} pkg={pkg} packages={catalog.packages} />
                ))
              : Array.from({ length: 6 }, (_, i) => <PackageSkeleton key={i} />)}
          </div>
        )}
        <p className="landing-body2 landing-pricing__note">
          {CREDITS_NEVER_EXPIRE} Prices in US dollars; secure card payment.
        </p>
      </div>
    </section>
  );
}
