import { cmaTextProblems } from '@cma/cma';
import { ValidationError } from '../http/errors';

/**
 * Refuses a report state with free text over the CMA document's caps (issue 30): a 422 naming each field as
 * `state.<path>` (e.g. state.clientName), before anything is saved, rendered or shared.
 */
export function refuseOverlongText(state: unknown): void {
  const problems = cmaTextProblems(state);
  const fields = Object.entries(problems);
  if (fields.length > 0) throw new ValidationError(Object.fromEntries(fields.map(([path, messages]) => [`state.${path}`, messages])));
}
