/** Line icons of the admin area (24 × 24, stroke follows currentColor). */
const paths = {
  hotel: 'M4 20h16M6 20V10l6-5 6 5v10M10 20v-5h4v5',
  calendar: 'M5.5 6h13a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1h-13a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1ZM4.5 10h15M8.5 4v4M15.5 4v4M7.5 13.5h4M10 16.5h6.5',
  warning: 'M12 4.5 3.5 19h17L12 4.5ZM12 10v4.5M12 17h.01',
  left: 'm14.5 6-6 6 6 6',
  right: 'm9.5 6 6 6-6 6',
  lock: 'M7 11h10a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1Zm2 0V8a3 3 0 0 1 6 0v3',
  tables: 'M4 9.5h16M6.5 9.5V19M17.5 9.5V19M8.5 9.5 9.5 5h5l1 4.5M9 14h6',
  orders: 'M5 5.5h14v13H5zM9.5 5.5v13M14.5 5.5v13M6.5 9h1.5M11 9h2M16 9h1.5M11 12h2',
  delivery: 'M6 8h12l-1 12H7L6 8Zm3 0V6.5a3 3 0 0 1 6 0V8',
  users: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6 9c.7-3 3-5 6-5s5.3 2 6 5M16 4.5a3.5 3.5 0 0 1 0 6.5M18 15c1.6.6 2.6 2.3 3 5',
  log: 'M7 4.5h10a1.5 1.5 0 0 1 1.5 1.5v12.5a1.5 1.5 0 0 1-1.5 1.5H7a1.5 1.5 0 0 1-1.5-1.5V6A1.5 1.5 0 0 1 7 4.5ZM9 9h6M9 12.5h6M9 16h4',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8c.8-3.4 3.6-5.5 7-5.5s6.2 2.1 7 5.5',
  more: 'M5.5 12h.01M12 12h.01M18.5 12h.01',
  language: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17ZM3.5 12h17M12 3.5c2.2 2.3 3.3 5.2 3.3 8.5s-1.1 6.2-3.3 8.5c-2.2-2.3-3.3-5.2-3.3-8.5S9.8 5.8 12 3.5Z',
  contact: 'M5 4.5h3.5l1.5 4-2 1.5a10 10 0 0 0 6 6l1.5-2 4 1.5V19a1.5 1.5 0 0 1-1.5 1.5A15 15 0 0 1 3.5 6 1.5 1.5 0 0 1 5 4.5Z',
  help: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17Zm-2.3-11a2.4 2.4 0 1 1 3.3 2.2c-.6.3-1 .8-1 1.5v.6m0 3h.01',
  logout: 'M14 4.5H6.5a1 1 0 0 0-1 1v13a1 1 0 0 0 1 1H14M10 12h10m-3-3.5L20.5 12 17 15.5',
  chevron: 'm9 6 6 6-6 6',
  plus: 'M12 5v14M5 12h14',
  edit: 'm4.5 19.5 1-4L15.8 5.2a2 2 0 0 1 2.8 0l.2.2a2 2 0 0 1 0 2.8L8.5 18.5l-4 1Z',
  trash: 'M5 7h14M10 7V5h4v2M7 7l1 13h8l1-13M10.5 11v5.5M13.5 11v5.5',
  up: 'm7 14 5-5 5 5',
  down: 'm7 10 5 5 5-5',
  star: 'm12 4.5 2.3 4.7 5.2.7-3.8 3.6.9 5.1-4.6-2.4-4.6 2.4.9-5.1-3.8-3.6 5.2-.7L12 4.5Z',
  eye: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Zm9.5 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  eyeOff: 'M4 4l16 16M10 6c.6-.1 1.3-.5 2-.5 6 0 9.5 6.5 9.5 6.5a17 17 0 0 1-2.6 3.3M6.5 7.5C3.9 9.3 2.5 12 2.5 12S6 18.5 12 18.5c1.5 0 2.8-.4 4-1M9.9 9.9a3 3 0 0 0 4.2 4.2',
  image: 'M4.5 5.5h15v13h-15zM4.5 15l4-4 3.5 3.5 2.5-2.5 5 5M15 9.5h.01',
  chart: 'M4.5 19.5h15M7 16.5v-5M11 16.5V7.5M15 16.5v-7M19 16.5V5',
  money: 'M3.5 7h17v10h-17zM12 14.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM6.5 10v4M17.5 10v4',
  tag: 'M4.5 4.5h7l8 8-7 7-8-8v-7ZM8.5 8.5h.01',
  desk: 'M3.5 10.5h17M5 10.5V19M19 10.5V19M8 10.5V7.5a4 4 0 0 1 8 0v3M12 3.5v.01',
  broom: 'M14.5 3.5 11 12M7 12h8l2.5 8.5h-13L7 12ZM9 16.5v4M13 16.5v4',
} as const;

export type AdminIconName = keyof typeof paths;

export function AdminIcon({ name, size = 22 }: { name: AdminIconName; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="none" stroke="currentColor" strokeWidth={name === 'more' ? 3 : 1.6} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
