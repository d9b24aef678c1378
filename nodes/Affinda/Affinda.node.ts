import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as annotation from './actions/annotation/Annotation.resource';
import * as document from './actions/document/Document.resource';
import * as index from './actions/index/Index.resource';
import * as jobDescription from './actions/jobDescription/JobDescription.resource';
import * as resume from './actions/resume/Resume.resource';
import { router } from './actions/router';
import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';

export class Affinda implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Affinda',
		name: 'affinda',
		icon: { light: 'file:../../icons/affinda.svg', dark: 'file:../../icons/affinda.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Parse resumes and documents, and search and match candidates with Affinda',
		defaults: { name: 'Affinda' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'affindaApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Annotation', value: 'annotation' },
					{ name: 'Document', value: 'document' },
					{ name: 'Index', value: 'index' },
					{ name: 'Job Description', value: 'jobDescription' },
					{ name: 'Resume', value: 'resume' },
				],
				default: 'resume',
			},
			...annotation.description,
			...document.description,
			...index.description,
			...jobDescription.description,
			...resume.description,
		],
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
