/** The report state with the agent's business logo on file standing in when the state carries no logo of its own. */
export function withLogoOnFile<State extends Record<string, unknown>>(state: State, logo: string | null | undefined): State {
  const own = state.businessImages;
  return logo && !(Array.isArray(own) && own.length > 0) ? { ...state, businessImages: [logo] } : state;
}
