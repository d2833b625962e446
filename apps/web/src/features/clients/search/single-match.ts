/**
 * When the typeahead may choose a client by itself (spec-1 §4: "a single
 * client search result is auto-selected"): only when the server's answer for
 * exactly the text in the box, settled and not being fetched again, holds one
 * client. A slower answer to an earlier, shorter text never counts, nor does
 * the text whose automatic choice the user just undid.
 */
export function singleMatch<Row>(state: {
  /** autoSelectSingle, and the box holds a search (not a chosen client's name). */
  enabled: boolean;
  /** The text in the box now, trimmed. */
  typed: string;
  /** The text after the debounce: the search being run. */
  search: string;
  /** The answer on hand, tagged with the text it answers. */
  answer: { search: string; rows: readonly Row[] } | undefined;
  /** A search (or a refresh of this one) is on its way. */
  fetching: boolean;
  /** The text whose automatic choice was undone; null when none was. */
  declined: string | null;
}): Row | undefined {
  const { enabled, typed, search, answer, fetching, declined } = state;
  if (!enabled || typed === '' || typed !== search || fetching) return undefined;
  if (answer?.search !== typed || typed === declined) return undefined;
  return answer.rows.length === 1 ? answer.rows[0] : undefined;
}
