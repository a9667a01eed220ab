import { Navigate, Outlet } from 'react-router';
import { useSessionState } from '../shared/session/session';

/** Public routes (spec §2): a signed-in subscribed user is sent to /home. */
export function PublicOnlyRoute() {
  const { subscribedSession } = useSessionState();
  return subscribedSession ? <Navigate to="/home" replace /> : <Outlet />;
}

/** Protected routes (spec §2): need a stored token and subscribed = 1, otherwise back to /. */
export function ProtectedRoute() {
  const { subscribedSession } = useSessionState();
  return subscribedSession ? <Outlet /> : <Navigate to="/" replace />;
}
