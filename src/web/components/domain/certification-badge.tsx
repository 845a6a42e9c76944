import type { BadgeDesign } from '../../../shared/certification-catalogue';

const shapes: Record<BadgeDesign['shape'], string> = {
  circle: 'M28 2a26 26 0 1 1 0 52a26 26 0 1 1 0-52z',
  shield: 'M28 2l23 8v16c0 14-9.5 23.5-23 28C14.5 49.5 5 40 5 26V10z',
  hexagon: 'M28 2l23 13v26L28 54L5 41V15z',
  square: 'M12 3h32a9 9 0 0 1 9 9v32a9 9 0 0 1-9 9H12a9 9 0 0 1-9-9V12a9 9 0 0 1 9-9z',
  seal: sealPath(),
};

/** A 16-point rosette: the certificate seal outline. */
function sealPath(): string {
  const points: string[] = [];
  for (let index = 0; index < 32; index += 1) {
    const radius = index % 2 === 0 ? 27 : 23.5;
    const angle = (Math.PI * index) / 16 - Math.PI / 2;
    points.push(
      `${(28 + radius * Math.cos(angle)).toFixed(2)} ${(28 + radius * Math.sin(angle)).toFixed(2)}`,
    );
  }
  return `M${points.join('L')}z`;
}

function fontSizeFor(text: string): number {
  if (text.length <= 4) return 13;
  if (text.length <= 5) return 11;
  if (text.length <= 6) return 9.5;
  return 8;
}

/**
 * A certification badge the project draws itself (56×56, spec 2 §9): the standard's shape and colour
 * with its short name, and a ribbon naming the issuer or the auditor of this edition.
 */
export function CertificationBadge({ badge, size = 56 }: { badge: BadgeDesign; size?: number }) {
  const [first, second] = badge.lines;
  const hasRibbon = Boolean(badge.ribbon);
  const top = second ? (hasRibbon ? 23 : 25) : hasRibbon ? 28 : 32;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 56 56"
      aria-hidden
      focusable="false"
      className="shrink-0"
      data-badge-ribbon={badge.ribbon ?? ''}
    >
      <path d={shapes[badge.shape]} fill={badge.color} />
      <path
        d={shapes[badge.shape]}
        fill="none"
        stroke="#ffffff"
        strokeOpacity={0.35}
        strokeWidth={1.5}
        transform="translate(2.8 2.8) scale(0.9)"
      />
      <text
        x={28}
        y={top}
        textAnchor="middle"
        fill="#ffffff"
        fontFamily="system-ui, sans-serif"
        fontWeight={700}
        fontSize={fontSizeFor(first)}
      >
        {first}
      </text>
      {second ? (
        <text
          x={28}
          y={top + 11}
          textAnchor="middle"
          fill="#ffffff"
          fontFamily="system-ui, sans-serif"
          fontWeight={700}
          fontSize={fontSizeFor(second) - 1}
        >
          {second}
        </text>
      ) : null}
      {hasRibbon ? (
        <>
          <rect x={8} y={39} width={40} height={9} rx={2} fill="#ffffff" />
          <text
            x={28}
            y={45.8}
            textAnchor="middle"
            fill={badge.color}
            fontFamily="system-ui, sans-serif"
            fontWeight={700}
            fontSize={badge.ribbon!.length > 7 ? 5 : 6}
          >
            {badge.ribbon}
          </text>
        </>
      ) : null}
    </svg>
  );
}
