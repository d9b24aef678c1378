import type { INodeProperties } from 'n8n-workflow';

import * as getMatchDetail from './getMatchDetail.operation';
import * as search from './search.operation';

export const operations = { search, getMatchDetail };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['jobDescription'] } },
		options: [
			{
				name: 'Get Match Detail',
				value: 'getMatchDetail',
				action: 'Get match detail for a job description',
				description:
					'Explain, criterion by criterion, what a job description matches in a resume or criteria and what is missing',
			},
			{
				name: 'Search',
				value: 'search',
				action: 'Search job descriptions',
				description:
					'Rank parsed job descriptions in indices against a resume (which open jobs fit a candidate) or custom criteria',
			},
		],
		default: 'getMatchDetail',
	},
];
