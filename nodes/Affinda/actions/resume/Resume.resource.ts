import type { INodeProperties } from 'n8n-workflow';

import * as getMatchDetail from './getMatchDetail.operation';
import * as getMatchScore from './getMatchScore.operation';
import * as parse from './parse.operation';
import * as search from './search.operation';
import * as suggest from './suggest.operation';

export const operations = { search, parse, getMatchDetail, getMatchScore, suggest };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['resume'] } },
		options: [
			{
				name: 'Get Match Detail',
				value: 'getMatchDetail',
				action: 'Get match detail for a resume',
				description:
					'Explain, criterion by criterion, why a resume ranks where it does in a search: what matched and what is missing',
			},
			{
				name: 'Get Match Score',
				value: 'getMatchScore',
				action: 'Get the match score of a resume and a job description',
				description:
					'Score one resume against one job description from 0 to 1, with a score per criterion, without building a search',
			},
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
			{
				name: 'Suggest',
				value: 'suggest',
				action: 'Suggest related skills or job titles',
				description: 'Get skills or job titles related to the ones given, to widen a search',
			},
		],
		default: 'search',
	},
];
