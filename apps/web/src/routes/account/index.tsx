/**
 * /account: where every way of signing in ends. It goes on to the screen a guard sent the visitor
 * away from (the cart, a booking step), else to the last account screen visited, else the overview
 * (ACC-02, ACC-08).
 */
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { lastAccountPath } from '../../features/account/lib/last-account-path';
import { forgetReturnPath, peekReturnPath } from '../../shared/session/return-path';

export function Component() {
  const [target] = useState(() => peekReturnPath() ?? lastAccountPath());
  useEffect(forgetReturnPath, []);
  return <Navigate to={target} replace />;
}
