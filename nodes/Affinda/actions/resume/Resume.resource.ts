import type { INodeProperties } from 'n8n-workflow';

import * as parse from './parse.operation';
import * as search from './search.operation';

export const operations = { search, parse };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['resume'] } },
		options: [
			{
				name: 'Parse',
				value: 'parse',
				action: 'Parse a resume',
				description:
					"Upload a CV (a file or a link) and get the candidate's details as JSON: name, contact, skills, experience, education",
			},
			{
				name: 'Search',
				value: 'search',
				action: 'Search resumes',
				description:
					'Rank parsed resumes in indices against a job description, a resume or custom criteria',
			},
		],
		default: 'search',
	},
	// Each operation's own parameters, in the order of `operations`.
	...Object.values(operations).flatMap((operation) => operation.description),
];
