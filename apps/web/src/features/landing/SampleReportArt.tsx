/** A drawing of a vehicle history report, marked SAMPLE; drawn here, no external image. */
export function SampleReportArt() {
  return (
    <svg
      className="landing-sample__art"
      viewBox="0 0 480 360"
      role="img"
      aria-label="Illustration of a sample vehicle history report"
    >
      <defs>
        <linearGradient id="sample-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#dbeafe" />
          <stop offset="1" stopColor="#eef2ff" />
        </linearGradient>
      </defs>
      <rect width="480" height="360" rx="20" fill="url(#sample-bg)" />
      <g transform="translate(60 28)">
        <rect width="360" height="320" rx="12" fill="#fff" stroke="#cbd5e1" />
        <rect width="360" height="56" rx="12" fill="#0b1f3a" />
        <rect y="44" width="360" height="12" fill="#0b1f3a" />
        <text
          x="20"
          y="34"
          fill="#fff"
          fontSize="17"
          fontWeight="700"
          fontFamily="system-ui, sans-serif"
        >
          Vehicle History Report
        </text>
        <rect x="262" y="17" width="80" height="24" rx="12" fill="#f59e0b" />
        <text
          x="302"
          y="34"
          fill="#0b1f3a"
          fontSize="12"
          fontWeight="800"
          textAnchor="middle"
          fontFamily="system-ui, sans-serif"
        >
          SAMPLE
        </text>
        <g transform="translate(20 76)">
          <rect width="96" height="62" rx="8" fill="#e2e8f0" />
          <path d="M14 42l6-14a6 6 0 0 1 5.5-3.8h45a6 6 0 0 1 5.5 3.8l6 14v8H14z" fill="#64748b" />
          <circle cx="30" cy="50" r="6" fill="#1e293b" />
          <circle cx="66" cy="50" r="6" fill="#1e293b" />
          <rect x="112" y="4" width="150" height="12" rx="6" fill="#1e293b" />
          <rect x="112" y="26" width="200" height="9" rx="4.5" fill="#94a3b8" />
          <rect x="112" y="44" width="120" height="9" rx="4.5" fill="#cbd5e1" />
        </g>
        {[
          { y: 162, label: 'Title history & brands', ok: true },
          { y: 200, label: 'Odometer readings', ok: false },
          { y: 238, label: 'Theft & liens', ok: true },
          { y: 276, label: 'Safety recalls', ok: true },
        ].map((row) => (
          <g key={row.y} transform={`translate(20 ${row.y})`}>
            <rect width="320" height="30" rx="8" fill="#f8fafc" stroke="#e2e8f0" />
            <circle cx="17" cy="15" r="8" fill={row.ok ? '#16a34a' : '#f59e0b'} />
            <path
              d={row.ok ? 'M13 15l3 3 5-6' : 'M17 10v6M17 19v1'}
              stroke="#fff"
              strokeWidth="2.2"
              strokeLinecap="round"
              fill="none"
            />
            <text
              x="34"
              y="20"
              fill="#334155"
              fontSize="13"
              fontWeight="600"
              fontFamily="system-ui, sans-serif"
            >
              {row.label}
            </text>
            <rect x="214" y="11" width="90" height="8" rx="4" fill="#cbd5e1" />
          </g>
        ))}
      </g>
    </svg>
  );
}
