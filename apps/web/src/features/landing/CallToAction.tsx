/**
 * The call to action: "Sign In & Get Lookup" signed out, "Get Lookup" signed in; while the
 * current user is fetched (`signedIn` undefined) "Get Lookup", waiting, never Sign In.
 */
export function CallToAction({
  signedIn,
  onAction,
}: {
  signedIn: boolean | undefined;
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
          disabled={signedIn === undefined}
        >
          {signedIn === false ? 'Sign In & Get Lookup' : 'Get Lookup'}
        </button>
      </div>
    </section>
  );
}
