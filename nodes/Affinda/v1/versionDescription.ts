import type { INodeProperties } from 'n8n-workflow';

import { versionDescription as current, type VersionDescription } from '../v2/versionDescription';
import parameters from './parameters.json';

/**
 * Version 1, as the first release saved workflows: its parameters are kept as released
 * (parameters.json, written from that release) so that its workflows load and show as they were
 * made. Everything else (inputs, outputs, credential) is the current version's.
 */
export const versionDescription: VersionDescription = {
	...current,
	version: 1,
	properties: parameters as unknown as INodeProperties[],
};
