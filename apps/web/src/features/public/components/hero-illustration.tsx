/** A light, decorative SVG scene (a dog, a cat and a heart): no image download needed. */
export function HeroIllustration() {
  return (
    <svg
      viewBox="0 0 400 300"
      width="100%"
      aria-hidden="true"
      focusable="false"
      style={{ maxWidth: 460, justifySelf: 'center' }}
    >
      <circle cx="200" cy="160" r="130" fill="#c8ece7" />
      <circle cx="320" cy="60" r="28" fill="#ffe8cc" />
      <g fill="#0b6e63">
        <ellipse cx="150" cy="205" rx="62" ry="40" />
        <circle cx="150" cy="140" r="42" />
        <ellipse cx="112" cy="128" rx="14" ry="30" transform="rotate(20 112 128)" />
        <ellipse cx="188" cy="128" rx="14" ry="30" transform="rotate(-20 188 128)" />
        <rect x="104" y="225" width="18" height="36" rx="9" />
        <rect x="178" y="225" width="18" height="36" rx="9" />
      </g>
      <g fill="#fff">
        <circle cx="136" cy="138" r="6" />
        <circle cx="164" cy="138" r="6" />
        <ellipse cx="150" cy="156" rx="10" ry="7" />
      </g>
      <g fill="#e8590c">
        <ellipse cx="272" cy="215" rx="44" ry="34" />
        <circle cx="272" cy="162" r="32" />
        <path d="M246 146 L244 112 L266 136 Z" />
        <path d="M298 146 L300 112 L278 136 Z" />
        <path
          d="M312 225 q40 -10 30 -50"
          stroke="#e8590c"
          strokeWidth="10"
          fill="none"
          strokeLinecap="round"
        />
      </g>
      <g fill="#fff">
        <circle cx="261" cy="160" r="5" />
        <circle cx="283" cy="160" r="5" />
      </g>
      <path
        d="M214 70 c0 -14 20 -14 20 0 c0 -14 20 -14 20 0 c0 16 -20 26 -20 30 c0 -4 -20 -14 -20 -30 z"
        fill="#e03131"
      />
    </svg>
  );
}
