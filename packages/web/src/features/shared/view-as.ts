import { pathTo } from '@rookery/contracts';
import { useNavigate } from 'react-router';
import { type RolePreview, startPreview } from '../../access/preview';

/**
 * "View as role" from a role screen (console roles, SSO roles): read the role's access from the
 * server, then show the console as that role sees it — menu, page guard, buttons — from the home page.
 */
export function useViewAs() {
  const navigate = useNavigate();
  return async (load: () => Promise<RolePreview>) => {
    startPreview(await load());
    navigate(pathTo('console'));
  };
}
