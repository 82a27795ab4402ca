import { BrandMark } from '../../components/BrandMark.tsx';

/** Contact: the contact e-mail, the Terms of Service and the copyright. */
export function Footer({
  productName,
  contactEmail,
  onOpenTerms,
  onPrefetchTerms,
}: {
  productName: string;
  contactEmail: string;
  onOpenTerms: () => void;
  onPrefetchTerms: () => void;
}) {
  const year = new Date().getFullYear();
  return (
    <footer id="contact" className="landing-footer landing-dark">
      <div className="landing-container">
        <div className="landing-footer__grid">
          <div>
            <div className="landing-footer__brand">
              <BrandMark size={30} onDark />
              <p className="landing-footer__name">{productName}</p>
            </div>
            <p className="landing-body2 landing-footer__about">
              Vehicle history reports for US vehicles, compiled from publicly accessible vehicle
              data. {productName} is an independent service, not affiliated with any other vehicle
              history provider.
            </p>
          </div>
          <div>
            <h2 className="landing-footer__heading">Contact</h2>
            <a className="landing-footer__link" href={`mailto:${contactEmail}`}>
              {contactEmail}
            </a>
          </div>
          <div>
            <h2 className="landing-footer__heading">Legal</h2>
            <button
              type="button"
              className="landing-footer__link"
              onClick={onOpenTerms}
              onPointerEnter={onPrefetchTerms}
              onFocus={onPrefetchTerms}
            >
              Terms of Service
            </button>
          </div>
        </div>
        <p className="landing-body2 landing-footer__copyright">
          © {year} {productName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
