import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { homePath } from '../../navigation/route-index';
import { redirectTarget } from './redirect-target';

/** `/redirect/:route*`: replace itself with the route it carries. */
export default function RedirectPage() {
  const navigate = useNavigate();
  const raw = useParams()['*'] ?? '';
  useEffect(() => {
    navigate(redirectTarget(raw, homePath), { replace: true });
  }, [navigate, raw]);
  return null;
}
