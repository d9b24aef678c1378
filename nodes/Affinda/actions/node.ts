import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeBaseDescription,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as listSearch from '../methods/listSearch';
import * as loadOptions from '../methods/loadOptions';
import { router } from './router';

/**
 * One version of the node: the shared base description with that version's parameters, the
 * dropdown methods, and execute through the router. Versions differ in their parameters only; the
 * operations read both shapes.
 */
export class AffindaNodeVersion implements INodeType {
	description: INodeTypeDescription;

	methods = { listSearch, loadOptions };

	constructor(
		baseDescription: INodeTypeBaseDescription,
		version: number,
		properties: INodeProperties[],
	) {
		this.description = {
			...baseDescription,
			version,
			defaults: { name: 'Affinda' },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: 'affindaApi', required: true }],
			properties,
		};
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
