/** An audio item's waveform (src/content/kinds/audio.ts: two hex digits per point), drawn small as vertical bars. */

/** The points of a stored waveform, each 0–1; none for '' or anything that is not pairs of hex digits. */
export function waveformPoints(hex: string): number[] {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) return [];
  return Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16) / 255);
}

/** The waveform as one SVG path; nothing when it has no points. Named for screen readers by `label`. */
export function Waveform({ hex, label }: { hex: string; label: string }) {
  const points = waveformPoints(hex);
  if (points.length === 0) return null;
  // Each point a bar centred on the middle line, at least a hair tall so silence still shows as a line.
  const d = points.map((p, i) => `M${i + 0.5} ${(50 - Math.max(p, 0.02) * 48).toFixed(1)}V${(50 + Math.max(p, 0.02) * 48).toFixed(1)}`).join('');
  return (
    <svg className="waveform" viewBox={`0 0 ${points.length} 100`} preserveAspectRatio="none" role="img" aria-label={label} focusable="false">
      <path d={d} />
    </svg>
  );
}
