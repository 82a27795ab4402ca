/** The call to action: "Sign In & Get Lookup" signed out, "Get Lookup" signed in. */
export function CallToAction({
  signedIn = false,
  onAction,
}: {
  signedIn?: boolean;
  onAction: () => void;
}) {
  return (
    <section className="landing-cta landing-dark" aria-labelledby="cta-title">
      <div className="landing-container landing-container--narrow">
        <h2 id="cta-title" className="landing-cta__title">
          Ready to check a vehicle?
        </h2>
        <p className="landing-cta__lead">
          Sign in to search by license plate and order the full vehicle history report.
        </p>
        <button
          type="button"
          className="ui-button ui-button--contained ui-button--large"
          onClick={onAction}
        >
          {signedIn ? 'Get Lookup' : 'Sign In & Get Lookup'}
        </button>
      </div>
    </section>
  );
}
