export type SeriesScope = 'this' | 'following' | 'series';

export interface SeriesScopeRequest {
  eventId: number;
  action: 'move' | 'cancel' | 'edit';
  /** For a move: the new start of this occurrence (ISO instant). */
  newStart?: string;
}

export interface SeriesScopeDialogProps {
  request: SeriesScopeRequest | null;
  onChoose: (scope: SeriesScope) => void;
  onClose: () => void;
}

/** Asks which occurrences of a weekly series an action applies to (being built in issue 5). */
export function SeriesScopeDialog(_props: SeriesScopeDialogProps) {
  return null;
}
