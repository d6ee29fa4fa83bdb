/** An audio item's waveform (src/content/kinds/audio.ts: two hex digits per point), drawn small as vertical bars. */

/** The points of a stored waveform, each 0–1; none for '' or anything that is not pairs of hex digits. */
export function waveformPoints(hex: string): number[] {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) return [];
  return Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16) / 255);
}

/** The waveform as one filled SVG outline (its peaks above the middle line, mirrored below); nothing without points. */
export function Waveform({ hex, label }: { hex: string; label: string }) {
  const points = waveformPoints(hex);
  if (points.length === 0) return null;
  // At least a hair thick, so that silence still shows as a line.
  const height = (p: number) => (Math.max(p, 0.02) * 48).toFixed(1);
  const top = points.map((p, i) => `L${i} ${50 - Number(height(p))}L${i + 1} ${50 - Number(height(p))}`).join('');
  const bottom = points
    .map((p, i) => `L${i + 1} ${50 + Number(height(p))}L${i} ${50 + Number(height(p))}`)
    .reverse()
    .join('');
  return (
    <svg className="waveform" viewBox={`0 0 ${points.length} 100`} preserveAspectRatio="none" role="img" aria-label={label} focusable="false">
      <path d={`M0 50${top}${bottom}Z`} />
    </svg>
  );
}
