/** Tab icons: outline for idle, filled for active. Decorative; labels carry the meaning. */
import type { ReactNode } from 'react'
type IconProps = { filled?: boolean }

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="100%" height="100%" aria-hidden="true" focusable="false">
      {children}
    </svg>
  )
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinejoin: 'round' } as const

export function HomeIcon({ filled }: IconProps) {
  return (
    <Svg>
      <path d="M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z" {...(filled ? { fill: 'currentColor' } : stroke)} />
    </Svg>
  )
}

export function ShortsIcon({ filled }: IconProps) {
  return (
    <Svg>
      <rect x="5" y="2.5" width="14" height="19" rx="3" {...(filled ? { fill: 'currentColor' } : stroke)} />
      <path d="M10 9v6l5-3z" fill={filled ? '#000' : 'currentColor'} />
    </Svg>
  )
}

export function CommunityIcon({ filled }: IconProps) {
  return (
    <Svg>
      <path d="M4 5h16v11H9l-5 4z" {...(filled ? { fill: 'currentColor' } : stroke)} />
    </Svg>
  )
}

export function WelfareIcon({ filled }: IconProps) {
  return (
    <Svg>
      <path d="M3 9h18v4H3zM5 13h14v8H5zM12 9v12M12 9c-2-4-6-4-6-1s6 1 6 1c2-4 6-4 6-1s-6 1-6 1" {...stroke} />
      {filled ? <path d="M3 9h18v4H3zM5 13h14v8H5z" fill="currentColor" /> : null}
    </Svg>
  )
}

export function MineIcon({ filled }: IconProps) {
  return (
    <Svg>
      <circle cx="12" cy="8" r="4.5" {...(filled ? { fill: 'currentColor' } : stroke)} />
      <path d="M3.5 21c1-4.5 4.5-7 8.5-7s7.5 2.5 8.5 7z" {...(filled ? { fill: 'currentColor' } : stroke)} />
    </Svg>
  )
}
