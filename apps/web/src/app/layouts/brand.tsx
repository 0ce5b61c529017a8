export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#1f4fd1" />
      <path d="M16 6l8 3.5v6c0 5-3.4 8.8-8 10.5-4.6-1.7-8-5.5-8-10.5v-6z" fill="#fff" />
      <circle cx="16" cy="15" r="2.6" fill="#1f4fd1" />
      <rect x="15" y="16.5" width="2" height="5" rx="1" fill="#1f4fd1" />
    </svg>
  );
}

export function Brand({ light = false }: { light?: boolean }) {
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 10,
        fontWeight: 650,
        fontSize: 18,
        color: light ? '#fff' : '#0f1b3d',
      }}
    >
      <BrandMark />
      Keystead
    </span>
  );
}
