import { Navigate, useLocation } from 'react-router';

/** `/register` and the old register path forward to the auth area, keeping the query string (invitation token). */
export const RegisterRedirect = () => {
  const { search } = useLocation();
  return <Navigate to={`/auth/register${search}`} replace />;
};
