import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeTypeBaseDescription,
	INodeTypeDescription,
} from 'n8n-workflow';

import { router } from '../actions/router';
import * as listSearch from '../methods/listSearch';
import * as loadOptions from '../methods/loadOptions';
import { versionDescription } from './versionDescription';

/**
 * The node as version 2 shows it: its description, the dropdown methods, and the router. An
 * `INodeType` (the versioned node's `nodeVersions` checks it) whose icon and name come with the
 * base description.
 */
export class AffindaV2 {
	description: INodeTypeDescription;

	methods = { listSearch, loadOptions };

	constructor(baseDescription: INodeTypeBaseDescription) {
		this.description = { ...baseDescription, ...versionDescription };
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
