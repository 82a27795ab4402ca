import { REPORT_CONTENTS } from '@vr/contracts';
import { CheckCircleIcon } from '../../components/ui/icons.tsx';
import { SampleReportArt } from './SampleReportArt.tsx';

/** Sample data: what a report covers, a sample image and the "View Sample Data" button. */
export function SampleDataSection({
  onViewSample,
  onPrefetch,
}: {
  onViewSample: () => void;
  onPrefetch: () => void;
}) {
  return (
    <section id="sample-data" className="landing-section" aria-labelledby="sample-title">
      <div className="landing-container">
        <div className="landing-sample">
          <div>
            <p className="landing-overline">Sample Data</p>
            <h2 id="sample-title" className="landing-title landing-sample__title">
              See what a report includes
            </h2>
            <p className="landing-text landing-sample__lead">
              Every report is a PDF you keep. It brings together the records publicly available for
              the vehicle, section by section:
            </p>
            <ul className="landing-checklist landing-sample__list">
              {REPORT_CONTENTS.map((item) => (
                <li key={item}>
                  <CheckCircleIcon className="ui-icon--small" />
                  {item}
                </li>
              ))}
            </ul>
            <button
              type="button"
              className="ui-button ui-button--outlined ui-button--large"
              onClick={onViewSample}
              onPointerEnter={onPrefetch}
              onFocus={onPrefetch}
            >
              View Sample Data
            </button>
          </div>
          <SampleReportArt />
        </div>
      </div>
    </section>
  );
}
