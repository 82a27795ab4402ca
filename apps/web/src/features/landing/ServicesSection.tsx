import type { ReactNode } from 'react';
import { RECALL_WATCH_PROMISE, REPORT_CONTENTS_SENTENCE } from '@vr/contracts';
import { BoltIcon, FactCheckIcon, SavingsIcon } from '../../components/ui/icons.tsx';
import { FromPrice, type PriceHint } from './Hero.tsx';
import { SectionHeading } from './SectionHeading.tsx';

function Service({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <article className="landing-card landing-service">
      <div className="landing-service__icon" aria-hidden="true">
        {icon}
      </div>
      <h3 className="landing-service__title">{title}</h3>
      <p className="landing-text">{children}</p>
    </article>
  );
}

/**
 * Services: affordable pricing, instant delivery, comprehensive records
 * (docs/product-rules.md#screens).
 */
export function ServicesSection({ fromCents }: PriceHint) {
  return (
    <section id="services" className="landing-section" aria-labelledby="services-title">
      <div className="landing-container">
        <SectionHeading
          id="services-title"
          eyebrow="Services"
          title="Check before you buy"
          subtitle="Look up a used car, truck or motorcycle in minutes — no subscription, no surprises."
        />
        <div className="landing-services">
          <Service icon={<SavingsIcon />} title="Affordable Pricing">
            Pay only for the reports you need with prepaid credits — full lookups{' '}
            <FromPrice fromCents={fromCents} />. Decoding a VIN is always free.
          </Service>
          <Service icon={<BoltIcon />} title="Instant Delivery">
            Order in seconds and your PDF report appears in your dashboard as soon as it is ready.
            If a report fails or is late, your credit is returned automatically.
          </Service>
          <Service icon={<FactCheckIcon />} title="Comprehensive Records">
            Every report covers {REPORT_CONTENTS_SENTENCE}, from state title records, insurers,
            salvage yards and NHTSA. {RECALL_WATCH_PROMISE} Something wrong? Report a problem on the
            report: we answer, and your credit comes back when we find the report wrong.
          </Service>
        </div>
      </div>
    </section>
  );
}
