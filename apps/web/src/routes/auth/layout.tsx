/** The frame of the /auth screens (auth theme). */
export { AuthShell as Component } from '../../features/auth/components/auth-shell';
