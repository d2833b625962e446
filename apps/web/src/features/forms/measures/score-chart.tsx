import { useTheme } from '@mui/material/styles';

import type { MeasureHistory } from '../api';

const W = 640;
const H = 240;
const PAD = { left: 36, right: 16, top: 12, bottom: 28 };

/** Band shades from light to strong: minimal to severe. */
const SHADES = ['#e8f5e9', '#fffde7', '#fff3e0', '#ffe0b2', '#ffcdd2'];

/**
 * A measure's scores over time as an inline SVG (no chart library: this page stays light):
 * severity bands shaded behind, the complete scores joined by a line, remission (< 5) and
 * response (≥ 50% drop from the first) marked on the latest point. The table beside it
 * carries the same numbers for screen readers, so the drawing is hidden from them.
 */
export function ScoreChart({ history }: { history: MeasureHistory }) {
  const theme = useTheme();
  const points = history.points.filter((p) => p.complete && p.total !== null);
  const x = (i: number) =>
    PAD.left + (points.length <= 1 ? 0.5 : i / (points.length - 1)) * (W - PAD.left - PAD.right);
  const y = (score: number) => PAD.top + (1 - score / history.maximum) * (H - PAD.top - PAD.bottom);
  const bands = history.bands.map((band, i) => ({
    ...band,
    to: history.bands[i + 1]?.from ?? history.maximum,
  }));
  const last = points[points.length - 1];
  return (
    <svg
      viewBox={`0 0 ${String(W)} ${String(H)}`}
      width="100%"
      role="presentation"
      aria-hidden="true"
      style={{ maxWidth: W }}
    >
      {bands.map((band, i) => (
        <g key={band.label}>
          <rect
            x={PAD.left}
            width={W - PAD.left - PAD.right}
            y={y(band.to)}
            height={y(band.from) - y(band.to)}
            fill={SHADES[i] ?? SHADES[4]}
          />
          <text
            x={W - PAD.right - 4}
            y={y(band.to) + 12}
            textAnchor="end"
            fontSize="10"
            fill={theme.palette.text.secondary}
          >
            {band.label}
          </text>
          <text
            x={PAD.left - 6}
            y={y(band.from) + 4}
            textAnchor="end"
            fontSize="10"
            fill={theme.palette.text.secondary}
          >
            {band.from}
          </text>
        </g>
      ))}
      <polyline
        fill="none"
        stroke={theme.palette.primary.main}
        strokeWidth="2"
        points={points.map((p, i) => `${String(x(i))},${String(y(p.total ?? 0))}`).join(' ')}
      />
      {points.map((p, i) => (
        <g key={p.assignmentId}>
          <circle
            cx={x(i)}
            cy={y(p.total ?? 0)}
            r={p.selfHarmAlert ? 6 : 4}
            fill={p.selfHarmAlert ? theme.palette.error.main : theme.palette.primary.main}
          />
          <text
            x={x(i)}
            y={H - 8}
            textAnchor="middle"
            fontSize="10"
            fill={theme.palette.text.secondary}
          >
            {new Date(p.scoredAt).toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}
          </text>
        </g>
      ))}
      {last && (history.remission || history.response) && (
        <text
          x={x(points.length - 1)}
          y={y(last.total ?? 0) - 10}
          textAnchor="middle"
          fontSize="11"
          fontWeight="bold"
          fill={theme.palette.success.dark}
        >
          {history.remission ? 'Remission' : 'Response'}
        </text>
      )}
    </svg>
  );
}
