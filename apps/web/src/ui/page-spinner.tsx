import './page-spinner.css';

/**
 * A centred spinner for a page (or the app) that is still loading. Drawn as MUI's
 * CircularProgress but without MUI: it shows before the first page's code has loaded.
 */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner">
      <span className="page-spinner__progress" role="progressbar" aria-label={label}>
        <svg viewBox="22 22 44 44">
          <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
        </svg>
      </span>
    </div>
  );
}
