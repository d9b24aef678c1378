import type { IDataObject } from 'n8n-workflow';

import {
	SEARCH_CRITERIA,
	type Criterion,
	type Facet,
	type ScoreComponent,
	type SearchBody,
} from './criteria';

/** What each search body carries of the criteria table (criteria.ts), and how a facet is named. */

export function carries(body: SearchBody, facet: Facet, criterion: Criterion): boolean {
	return (facet.bodies ?? criterion.bodies).includes(body);
}

/** The criteria one body carries, each with only the facets that body carries. */
export function criteriaFor(body: SearchBody): Criterion[] {
	return SEARCH_CRITERIA.filter((criterion) => criterion.bodies.includes(body)).map(
		(criterion) => ({
			...criterion,
			facets: criterion.facets.filter((facet) => carries(body, facet, criterion)),
		}),
	);
}

/** Every facet of one body, with the criterion it belongs to. */
export function facetsFor(body: SearchBody): Array<{ criterion: Criterion; facet: Facet }> {
	return criteriaFor(body).flatMap((criterion) =>
		criterion.facets.map((facet) => ({ criterion, facet })),
	);
}

/** A Required switch or a Weight: they tune a search in every mode; the others say what to match. */
export function isTuning(facet: Facet): boolean {
	return facet.tuning !== undefined;
}

/**
 * The scored parts a body asked about: those of criteria with a value to match (a Required switch
 * or a Weight alone asks nothing).
 */
export function componentsAsked(body: SearchBody, wire: IDataObject): ScoreComponent[] {
	return criteriaFor(body)
		.filter((criterion) =>
			criterion.facets.some((facet) => !isTuning(facet) && wire[facet.name] !== undefined),
		)
		.flatMap((criterion) => (criterion.component ? [criterion.component] : []));
}

/**
 * The weights of the pair score (`GET …/resume_search/match`): each criterion's Weight of the
 * resume search body, sent as a query parameter in snake_case (`jobTitlesWeight` →
 * `job_titles_weight`).
 */
export function matchScoreWeights(): Array<{ criterion: Criterion; facet: Facet; query: string }> {
	return facetsFor('resumeSearch')
		.filter(({ facet }) => facet.tuning === 'weight')
		.map(({ criterion, facet }) => ({
			criterion,
			facet,
			query: facet.name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
		}));
}

/** How the panel names a facet, e.g. "Job Titles › Weight", or "Skills" for a criterion's value. */
export function facetLabel(criterion: Criterion, facet: Facet): string {
	return facet.displayName === criterion.label
		? criterion.label
		: `${criterion.label} › ${facet.displayName}`;
}
