import { Navigate } from 'react-router';
import { useSession } from '../../../shared/session/session-store';
import { paths } from '../../../shared/paths';
import { firstScreenOf } from '../first-screen';

/** /admin and unknown sub-paths: the first screen the person's roles may open. */
export function AdminHome() {
  const user = useSession((s) => s.user);
  return <Navigate to={firstScreenOf(user)?.to ?? paths.admin.hotel} replace />;
}
