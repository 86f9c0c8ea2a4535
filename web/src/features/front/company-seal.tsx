/** The company seal (公章) drawn as SVG: a red ring, the company name along the arc and a star. */
export function CompanySeal({ name, size = 150 }: { name: string; size?: number }) {
  const chars = [...name];
  const span = Math.min(240, chars.length * 22);
  const start = -90 - span / 2;
  // Each character's place on the arc (a name may repeat a character, so the place is the key).
  const glyphs = chars.map((c, i) => ({ c, slot: `slot-${i}`, angle: start + (span / Math.max(1, chars.length - 1)) * i }));
  return (
    <svg width={size} height={size} viewBox="0 0 200 200" role="img" aria-label={`${name}公章`} style={{ opacity: 0.85 }}>
      <circle cx="100" cy="100" r="94" fill="none" stroke="#d4202a" strokeWidth="6" />
      {glyphs.map(({ c, slot, angle }) => {
        const rad = (angle * Math.PI) / 180;
        const x = 100 + 70 * Math.cos(rad);
        const y = 100 + 70 * Math.sin(rad);
        return (
          <text
            key={slot}
            x={x}
            y={y}
            fill="#d4202a"
            fontSize="20"
            fontWeight="bold"
            textAnchor="middle"
            dominantBaseline="middle"
            transform={`rotate(${angle + 90} ${x} ${y})`}
          >
            {c}
          </text>
        );
      })}
      <polygon points="100,72 108,96 133,96 113,111 121,135 100,120 79,135 87,111 67,96 92,96" fill="#d4202a" />
      <text x="100" y="160" fill="#d4202a" fontSize="16" textAnchor="middle">
        人事专用章
      </text>
    </svg>
  );
}
