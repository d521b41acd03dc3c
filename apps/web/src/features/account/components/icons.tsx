/** Line icons of the account navigation (24 × 24, stroke follows currentColor). */
const paths = {
  overview: 'M4 11.5 12 5l8 6.5V19a1 1 0 0 1-1 1h-4.5v-5h-5v5H5a1 1 0 0 1-1-1v-7.5Z',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8c.8-3.4 3.6-5.5 7-5.5s6.2 2.1 7 5.5',
  reservations: 'M4 7h16v12H4zM4 11h16M8 4v5M16 4v5',
  orders: 'M6 8h12l-1 12H7L6 8Zm3 0V6.5a3 3 0 0 1 6 0V8',
  addresses: 'M12 21s-6.5-6-6.5-11a6.5 6.5 0 0 1 13 0c0 5-6.5 11-6.5 11Zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  payments: 'M3.5 6.5h17v11h-17zM3.5 10h17M7 14.5h3',
  admin: 'M12 3.5 19 6v5.5c0 4.3-3 7.6-7 9-4-1.4-7-4.7-7-9V6l7-2.5Zm-3 8.5 2 2 4-4',
  more: 'M5.5 12h.01M12 12h.01M18.5 12h.01',
  services: 'M4 20h16M6 20V10l6-5 6 5v10M10 20v-5h4v5',
  language: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17ZM3.5 12h17M12 3.5c2.2 2.3 3.3 5.2 3.3 8.5s-1.1 6.2-3.3 8.5c-2.2-2.3-3.3-5.2-3.3-8.5S9.8 5.8 12 3.5Z',
  contact: 'M5 4.5h3.5l1.5 4-2 1.5a10 10 0 0 0 6 6l1.5-2 4 1.5V19a1.5 1.5 0 0 1-1.5 1.5A15 15 0 0 1 3.5 6 1.5 1.5 0 0 1 5 4.5Z',
  help: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17Zm-2.3-11a2.4 2.4 0 1 1 3.3 2.2c-.6.3-1 .8-1 1.5v.6m0 3h.01',
  logout: 'M14 4.5H6.5a1 1 0 0 0-1 1v13a1 1 0 0 0 1 1H14M10 12h10m-3-3.5L20.5 12 17 15.5',
  chevron: 'm9 6 6 6-6 6',
  notices: 'M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15l1.5-2ZM10 20.5h4',
  reviews: 'm12 4 2.4 5 5.4.6-4 3.7 1.1 5.4L12 16l-4.9 2.7 1.1-5.4-4-3.7 5.4-.6L12 4Z',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 22 }: { name: IconName; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d={paths[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth={name === 'more' ? 3 : 1.6}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
