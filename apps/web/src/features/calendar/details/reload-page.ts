/** The Refresh action of a failed details load (spec-1 §8): reload the page. */
export function reloadPage(): void {
  window.location.reload();
}
