/**
 * Who is expected to pay what of a session's fee (issue 19 item 1): from the client's policy,
 * a copay (a fixed amount, at most the fee) or a coinsurance (a share of the fee, rounded to
 * the cent, half up); the insurer the rest. Without a policy the client owes the whole fee.
 */
export type CoverageTerms = {
  copayCents?: number | null;
  /** 0–100. */
  coinsurancePercent?: number | null;
};

export type ExpectedParts = { clientCents: number; insurerCents: number };

export function expectedParts(feeCents: number, coverage: CoverageTerms | null): ExpectedParts {
  if (coverage === null) return { clientCents: feeCents, insurerCents: 0 };
  let clientCents = 0;
  if (coverage.copayCents !== null && coverage.copayCents !== undefined) {
    clientCents = Math.min(feeCents, Math.max(0, coverage.copayCents));
  } else if (coverage.coinsurancePercent !== null && coverage.coinsurancePercent !== undefined) {
    const percent = Math.min(100, Math.max(0, coverage.coinsurancePercent));
    clientCents = Math.round((feeCents * percent) / 100);
  }
  return { clientCents, insurerCents: feeCents - clientCents };
}

/**
 * A session's fee for `units` of its service: an insured client's payer fee schedule (the
 * contracted rate) first, then the client's usual fee (self-pay), then the service's fee.
 */
export function sessionFeeCents(input: {
  units: number;
  payerFeeCents: number | null;
  clientUsualFeeCents: number | null;
  serviceFeeCents: number;
}): number {
  const perUnit = input.payerFeeCents ?? input.clientUsualFeeCents ?? input.serviceFeeCents;
  return perUnit * Math.max(1, input.units);
}

/** What a session's charge is made from (the attendee's service, policy and fees). */
export type SessionChargeFacts = {
  units: number;
  /** An insured client's current primary policy: its payer fee and newest confirmed terms. */
  policy: { payerFeeCents: number | null; coverage: CoverageTerms } | null;
  clientUsualFeeCents: number | null;
  serviceFeeCents: number;
};

/**
 * A session's charge: the fee (payer fee schedule for an insured client, else the usual fee,
 * else the service fee) and who is expected to pay what of it. Null for a free session: a fee
 * of zero is not a charge. The charge made at attendance and the copay "due now" before it
 * both read this, so the desk asks for exactly what the charge will say.
 */
export function sessionCharge(
  facts: SessionChargeFacts,
): (ExpectedParts & { feeCents: number }) | null {
  const feeCents = sessionFeeCents({
    units: facts.units,
    payerFeeCents: facts.policy ? facts.policy.payerFeeCents : null,
    clientUsualFeeCents: facts.policy ? null : facts.clientUsualFeeCents,
    serviceFeeCents: facts.serviceFeeCents,
  });
  if (feeCents <= 0) return null;
  return { feeCents, ...expectedParts(feeCents, facts.policy ? facts.policy.coverage : null) };
}
