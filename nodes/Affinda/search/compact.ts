import type { IDataObject } from 'n8n-workflow';

import {
	componentsAsked,
	SCORE_COMPONENTS,
	type ScoreComponent,
	type SearchBody,
} from './criteria';

/** Which scores of a result answer what was searched: components, and custom data points by slug. */
export interface Searched {
	components: readonly ScoreComponent[];
	customData: string[];
}

/** What a search body asks for: its criteria with a value to match, its custom data points. */
export function searchedIn(body: IDataObject, search: SearchBody = 'resumeSearch'): Searched {
	const filters = Array.isArray(body.customData) ? (body.customData as IDataObject[]) : [];
	return {
		components: componentsAsked(search, body),
		customData: filters.map((filter) => String(filter.dataPoint)),
	};
}

/** A component's score, or null when the service did not score it. */
function scoreOf(component: unknown): number | null {
	if (typeof component !== 'object' || component === null) return null;
	const { score } = component as IDataObject;
	return typeof score === 'number' ? score : null;
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

/**
 * What the service returned in words beside each score, as row columns: the column, then the
 * result's component whose `value` it holds (the skills' value lists the skills that matched).
 */
const VALUE_COLUMNS = {
	jobTitle: 'jobTitle',
	location: 'location',
	experience: 'experience',
	matchedSkills: 'skills',
} as const;

/** The result's values in words, one column each, null where the service sent none. */
export function valuesOf(result: IDataObject): IDataObject {
	const row: IDataObject = {};
	for (const [column, component] of Object.entries(VALUE_COLUMNS)) {
		const scored = result[component];
		const value =
			typeof scored === 'object' && scored !== null ? (scored as IDataObject).value : null;
		row[column] = value ?? null;
	}
	return row;
}

/** Who or what was ranked, then the overall score: a candidate's (named as in a Parse row) or a job description's. */
function candidateStart(result: IDataObject): IDataObject {
	return { fullName: result.name ?? null, score: result.score ?? null };
}

function jobDescriptionStart(result: IDataObject): IDataObject {
	const jobTitle = result.jobTitle as IDataObject | undefined;
	return {
		jobTitle: jobTitle?.value ?? null,
		organization: result.organizationName ?? null,
		score: result.score ?? null,
	};
}

/** The row's start, then one `<criterion>Score` column per criterion searched. */
function rowStart(result: IDataObject, searched: Searched, start = candidateStart): IDataObject {
	const row = start(result);
	for (const component of searched.components) {
		row[`${component}Score`] = scoreOf(result[component]);
	}
	const customData = (result.customData ?? {}) as IDataObject;
	for (const slug of searched.customData) {
		const column = `${slug}Score`;
		row[column in row ? `customData.${column}` : column] = scoreOf(customData[slug]);
	}
	return row;
}

/**
 * The flat row for people: who, the overall score, the values in words, a score for each
 * criterion searched only, then the resume's identifier and PDF link.
 */
export function searchedResultRow(result: IDataObject, searched: Searched): IDataObject {
	const start = (ranked: IDataObject) => ({ ...candidateStart(ranked), ...valuesOf(ranked) });
	return {
		...rowStart(result, searched, start),
		identifier: result.identifier,
		pdf: result.pdf ?? null,
	};
}

/** A row of a tool's answer: what a model needs to name, rank and look up a candidate. */
export function toolResultRow(result: IDataObject, searched: Searched): IDataObject {
	return { ...rowStart(result, searched), identifier: result.identifier };
}

/** A row of a tool's answer of job descriptions: title, organization, scores, identifier. */
export function jobDescriptionToolRow(result: IDataObject, searched: Searched): IDataObject {
	return { ...rowStart(result, searched, jobDescriptionStart), identifier: result.identifier };
}
