import { simplifySearchResult } from '../../nodes/Affinda/search/output';

describe('Simplify for search results', () => {
	test('keeps identifier, name, score, pdf and each criterion as label/value/score', () => {
		expect(
			simplifySearchResult({
				identifier: 'abc',
				score: 0.81,
				pdf: null,
				jobTitle: { label: 'Job Title', value: 'Data Engineer', score: 0.9 },
				skills: { label: 'Skills' },
				customData: { isAvailable: { label: 'Available', value: 'Yes', score: 1 } },
				extra: 'dropped',
			}),
		).toEqual({
			identifier: 'abc',
			name: null,
			score: 0.81,
			pdf: null,
			criteria: {
				jobTitle: { label: 'Job Title', value: 'Data Engineer', score: 0.9 },
				skills: { label: 'Skills', value: null, score: null },
			},
			customData: { isAvailable: { label: 'Available', value: 'Yes', score: 1 } },
		});
	});
});
