// The one router of the shell and the three remotes, shared as a federation singleton.
//
// react-router-dom 7 re-exports all of react-router (data routers, RSC helpers, server
// rendering, …), and a shared module is never tree-shaken: every export may be used by some
// remote. Sharing this lib instead makes the shared chunk hold only what is re-exported here,
// with react-router tree-shaken inside it. Import routing from '@mechabrim/routing', never from
// 'react-router' / 'react-router-dom' directly (that would bundle a second router and break the
// routing context); add a name here when a front end needs one more.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
export type { NavigateFunction, RouteObject } from 'react-router';
export * from './route-paths';
export { parseSitePath } from './site-path';
export { ownerOf, type PageOwner } from './route-owner';
