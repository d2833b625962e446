import { APP_BASENAME } from '../../config/paths';

export const ERROR_PAGE_FAILED_MESSAGE = 'An error occurred while showing the error page';

/**
 * The last resort when the error page itself fails: plain markup with no
 * theme, router or data, so nothing here can fail again.
 */
export function ErrorPageFallback() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '4rem 1rem', maxWidth: 600 }}>
      <h1 style={{ fontSize: '1.5rem' }}>{ERROR_PAGE_FAILED_MESSAGE}</h1>
      <a href={APP_BASENAME}>Home</a>
    </main>
  );
}
