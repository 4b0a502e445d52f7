import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../utils/useDocumentTitle';
import { normaliseQueryString } from '../menu/menuRoutes';
import { rememberQuery } from '../shell/queryMemory';
import { useRouteInfo } from '../shell/useRouteInfo';

/**
 * What happens on every navigation (spec 000 §2): an extra `?` in the query becomes `&`; the
 * page's query is remembered for breadcrumb links; an `embed` parameter survives navigation;
 * the tab title follows the route.
 */
export function useNavigationEffects(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const { title } = useRouteInfo();
  const embedValue = useRef<string | null>(new URLSearchParams(location.search).get('embed'));
  useDocumentTitle(title);

  useEffect(() => {
    const normalised = normaliseQueryString(location.search);
    if (normalised !== location.search) {
      navigate({ pathname: location.pathname, search: normalised, hash: location.hash }, { replace: true });
      return;
    }
    const params = new URLSearchParams(location.search);
    if (params.has('embed')) {
      embedValue.current = params.get('embed');
    } else if (embedValue.current !== null) {
      params.set('embed', embedValue.current);
      navigate({ pathname: location.pathname, search: `?${params.toString()}` }, { replace: true });
      return;
    }
    rememberQuery(location.pathname, location.search);
  }, [location, navigate]);
}
