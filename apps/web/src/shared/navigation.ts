// Lets non-component code (API error catalogue, thunks) navigate through the app's router once it is mounted.
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateWithRouter: Navigate | undefined;

export function registerNavigator(navigate: Navigate | undefined): void {
  navigateWithRouter = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigateWithRouter) navigateWithRouter(to, options);
  else if (typeof window !== 'undefined') window.location.assign(to); // before the router exists: full navigation
}
