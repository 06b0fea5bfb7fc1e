import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { homePath } from '../../navigation/route-index';

/** `/refresh`: replace itself with the previous full path (passed as `state.from`), remounting it. */
export default function RefreshPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const from = typeof state?.from === 'string' ? state.from : homePath;
  useEffect(() => {
    navigate(from, { replace: true });
  }, [navigate, from]);
  return null;
}
