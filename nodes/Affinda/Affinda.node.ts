import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { properties, subtitle } from './actions/resources';
import { router } from './actions/router';
import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';

/**
 * The Affinda node: its description, the dropdown methods, and the router. One version until
 * a released parameter changes shape; then n8n's light versioning (CONTRIBUTING.md, Versions).
 */
export class Affinda implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Affinda',
		name: 'affinda',
		icon: { light: 'file:../../icons/affinda.svg', dark: 'file:../../icons/affinda.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: subtitle(),
		description: 'Parse resumes and documents, and search and match candidates with Affinda',
		defaults: { name: 'Affinda' },
		// An AI Agent's tool picker searches tool names only (n8n drops the codex aliases for
		// tools), so the tool's name says what people look for: resumes, CVs, parsing.
		usableAsTool: {
			replacements: {
				displayName: 'Affinda Resume Search & CV Parser',
				description:
					'Search candidates by job title, skills, location and years of experience, parse CVs and other documents, and explain how a candidate matches a job',
			},
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'affindaApi', required: true }],
		properties,
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
