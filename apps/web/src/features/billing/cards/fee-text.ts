/** A processor's fees as the set-up and compliance pages show them: "2.90% + $0.30". */
export const feeText = (p: { feePercentBp: number; feeFixedCents: number }) =>
  `${(p.feePercentBp / 100).toFixed(2)}% + $${(p.feeFixedCents / 100).toFixed(2)}`;
