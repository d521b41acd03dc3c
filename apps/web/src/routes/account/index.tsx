/** /account: the last account screen visited, else the overview (ACC-02, ACC-08). */
import { Navigate } from 'react-router';
import { lastAccountPath } from '../../features/account/lib/last-account-path';

export function Component() {
  return <Navigate to={lastAccountPath()} replace />;
}
