/** Text as a form compares it: surrounding spaces do not count, so blank is empty. */
export function comparableText(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/**
 * The fields whose text differs from what was loaded. Typing a space or
 * clearing and retyping the same value is not a change, so Save stays off
 * until something would really be saved.
 */
export function changedFields<T extends Record<keyof T, string>>(
  initial: T,
  current: T,
): (keyof T & string)[] {
  return (Object.keys(initial) as (keyof T & string)[]).filter(
    (key) => comparableText(initial[key]) !== comparableText(current[key]),
  );
}

/** Trimmed text for the wire, with blank as null. */
export function wireText(value: string): string | null {
  const text = value.trim();
  return text === '' ? null : text;
}
