export { RedirectIfSignedIn, RequireAdmin, RequireUser } from './guards';
