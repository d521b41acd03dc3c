export { usePageTitle } from '../auth/use-page-title';
