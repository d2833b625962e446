/**
 * Which processor a card is entered on for a client: a processor that moves money (Stripe)
 * before the local test processor, so a practice trying the local one beside its real account
 * never keeps a real client's card on the test one by accident. Among equals, the first.
 */
export function cardEntryProcessor<P extends { kind: 'local' | 'stripe'; active: boolean }>(
  processors: readonly P[] | undefined,
): P | undefined {
  const active = (processors ?? []).filter((p) => p.active);
  return active.find((p) => p.kind === 'stripe') ?? active.find((p) => p.kind === 'local');
}
