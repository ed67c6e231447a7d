/** A vessel, a port and an offshore platform feeding one validated dataset; decorative. */
export const HeroIllustration = () => (
  <svg viewBox="0 0 480 360" className="mx-auto hidden h-auto w-full max-w-lg md:block" aria-hidden="true" focusable="false">
    <rect x="8" y="8" width="464" height="344" rx="24" className="fill-card stroke-border" strokeWidth="2" />
    <path
      d="M8 262c40 0 40-14 80-14s40 14 80 14 40-14 80-14 40 14 80 14 40-14 80-14 40 14 64 14v66a24 24 0 0 1-24 24H32a24 24 0 0 1-24-24z"
      className="fill-secondary"
    />
    <g className="fill-primary">
      <path d="M56 232h112l-14 26H70z" />
      <rect x="92" y="200" width="40" height="32" rx="3" />
      <rect x="104" y="184" width="8" height="16" />
    </g>
    <g className="stroke-primary" strokeWidth="5" strokeLinecap="round" fill="none">
      <path d="M380 256V170M420 256V170M372 170h56M380 200l40 30M420 200l-40 30" />
    </g>
    <rect x="366" y="146" width="68" height="24" rx="4" className="fill-primary" />
    <g className="fill-muted-foreground">
      <rect x="210" y="214" width="60" height="44" rx="3" />
      <rect x="236" y="170" width="8" height="44" />
      <path d="M240 170l40 14v6l-40-8z" />
    </g>
    <g className="stroke-primary" strokeWidth="2" strokeDasharray="5 6" fill="none">
      <path d="M112 180C112 120 190 110 232 96" />
      <path d="M240 164V110" />
      <path d="M400 142C400 112 330 104 252 96" />
    </g>
    <rect x="150" y="40" width="180" height="64" rx="12" className="fill-background stroke-primary" strokeWidth="2" />
    <g className="fill-muted">
      <rect x="168" y="56" width="100" height="8" rx="4" />
      <rect x="168" y="72" width="80" height="8" rx="4" />
      <rect x="168" y="88" width="110" height="6" rx="3" />
    </g>
    <circle cx="302" cy="68" r="14" className="fill-success" />
    <path d="M295 68l5 5 9-10" className="stroke-background" strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
