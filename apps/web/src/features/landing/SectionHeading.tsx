import type { ReactNode } from 'react';

export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  align = 'center',
}: {
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: ReactNode;
  align?: 'center' | 'left';
}) {
  return (
    <div className={align === 'left' ? 'landing-heading landing-heading--left' : 'landing-heading'}>
      <p className="landing-overline">{eyebrow}</p>
      <h2 id={id} className="landing-title">
        {title}
      </h2>
      {subtitle ? <p className="landing-text landing-heading__subtitle">{subtitle}</p> : null}
    </div>
  );
}
