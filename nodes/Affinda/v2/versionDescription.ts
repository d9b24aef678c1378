import type { INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { properties } from '../actions/resources';

/** What one version adds to the base description in `Affinda.node.ts`. */
export type VersionDescription = Pick<
	INodeTypeDescription,
	'version' | 'defaults' | 'inputs' | 'outputs' | 'credentials' | 'properties'
>;

/**
 * Version 2: each search criterion in one place with its Required switch and Weight; document
 * identifiers picked from lists; no value preset that the user did not choose; flat search rows.
 */
export const versionDescription: VersionDescription = {
	version: 2,
	defaults: { name: 'Affinda' },
	inputs: [NodeConnectionTypes.Main],
	outputs: [NodeConnectionTypes.Main],
	credentials: [{ name: 'affindaApi', required: true }],
	properties,
};
