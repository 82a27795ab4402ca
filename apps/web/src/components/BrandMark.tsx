/** The product's mark: a car in a rounded square (the same drawing as the favicon). */
export function BrandMark({ size = 32, onDark = false }: { size?: number; onDark?: boolean }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      style={{ flexShrink: 0, display: 'block' }}
    >
      <rect width="32" height="32" rx="7" fill={onDark ? '#1d4ed8' : '#0b1f3a'} />
      <path
        d="M7 19.5l2.2-5.6A2.5 2.5 0 0 1 11.5 12.3h9a2.5 2.5 0 0 1 2.3 1.6l2.2 5.6v4a1 1 0 0 1-1 1h-1.5a1 1 0 0 1-1-1V23H10.5v.5a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1z"
        fill="#fff"
      />
      <circle cx="11" cy="19.8" r="1.5" fill={onDark ? '#1d4ed8' : '#0b1f3a'} />
      <circle cx="21" cy="19.8" r="1.5" fill={onDark ? '#1d4ed8' : '#0b1f3a'} />
      <path
        d="M10 16.8l1.1-2.7a1 1 0 0 1 .9-.6h8a1 1 0 0 1 .9.6l1.1 2.7z"
        fill={onDark ? '#93c5fd' : '#3b82f6'}
      />
    </svg>
  );
}
