/** The only place the web app reads build-time configuration (VITE_* variables). */
export const config = {
  /** Must equal the server's CLIENT_TOKEN; sent with every API call. */
  clientToken: import.meta.env.VITE_CLIENT_TOKEN ?? 'house1799-web',
  apiBase: '/api/v1/',
} as const;
