/**
 * What the shell provides to every app as the shared `react-router-dom` singleton: only the router parts the
 * site's apps import, so the page does not download the whole package (data routers, server rendering,
 * cookies and sessions) that no screen uses. A name an app imports from 'react-router-dom' must be listed
 * here, or that app would read undefined at runtime: provided-exports.test.ts checks every app's sources.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  UNSAFE_LocationContext,
  UNSAFE_RouteContext,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
