import type { IDataObject } from 'n8n-workflow';

import { scoreOf, type Searched } from '../../shared/output/rankedRows';
import { SCORE_COMPONENTS, type SearchBody } from './criteria';
import { componentsAsked } from './facets';

/** What a ranked search searched: which scores of its results its rows show (shared/output/rankedRows.ts). */

/** What a search body asks for: its criteria with a value to match, its custom data points. */
export function searchedIn(body: IDataObject, search: SearchBody = 'resumeSearch'): Searched {
	const filters = Array.isArray(body.customData) ? (body.customData as IDataObject[]) : [];
	return {
		components: componentsAsked(search, body),
		customData: filters.map((filter) => String(filter.dataPoint)),
	};
}

/**
 * Matched against a job description or a resume, the service chose the criteria itself: those it
 * scored above zero for at least one candidate are the ones it searched.
 */
export function scoredIn(results: IDataObject[]): Searched {
	const scoredAboveZero = (component: (result: IDataObject) => unknown) =>
		results.some((result) => (scoreOf(component(result)) ?? 0) > 0);
	const slugs = new Set(
		results.flatMap((result) => Object.keys((result.customData ?? {}) as IDataObject)),
	);
	return {
		components: SCORE_COMPONENTS.filter((key) => scoredAboveZero((result) => result[key])),
		customData: [...slugs].filter((slug) =>
			scoredAboveZero((result) => ((result.customData ?? {}) as IDataObject)[slug]),
		),
	};
}
