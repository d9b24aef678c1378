/** The trigger's searchable lists: where its events come from. */
export { searchOrganizations, searchWorkspaces } from '../shared';
