import type { IDataObject } from 'n8n-workflow';

import { isObject } from './values';

/**
 * Ranked search results (Resume → Search, Job Description → Search). Each result scores the
 * criteria in parts (`jobTitle`, `skills` …, each `{label, value, score}`); a row holds a score for
 * the parts that were searched only.
 */

/** Which scores of a result answer what was searched: components, and custom data points by slug. */
export interface Searched {
	components: readonly string[];
	customData: readonly string[];
}

/** A component's score, or null when the service did not score it. */
export function scoreOf(component: unknown): number | null {
	if (!isObject(component)) return null;
	return typeof component.score === 'number' ? component.score : null;
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

/** "1 years" reads "1 year"; "11 years", "0.1 years" and every other plural stay as they are. */
const ONE_YEARS = /(^|[^\d.])1 years\b/g;

/** The result's values in words, one column each, null where the service sent none. */
function valuesOf(result: IDataObject): IDataObject {
	const row: IDataObject = {};
	for (const [column, component] of Object.entries(VALUE_COLUMNS)) {
		const scored = result[component];
		const value = (isObject(scored) ? scored.value : null) ?? null;
		row[column] =
			column === 'experience' && typeof value === 'string'
				? value.replace(ONE_YEARS, (_match, before: string) => `${before}1 year`)
				: value;
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

/** One `<criterion>Score` column per criterion searched; a slug's clashing name gets `customData.`. */
function withScores(row: IDataObject, result: IDataObject, searched: Searched): IDataObject {
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
 * A candidate's Flat Row: who, the overall score, the values in words, a score for each
 * criterion searched, then the resume's identifier and PDF link.
 */
export function candidateRow(result: IDataObject, searched: Searched): IDataObject {
	const row = withScores({ ...candidateStart(result), ...valuesOf(result) }, result, searched);
	return { ...row, identifier: result.identifier, pdf: result.pdf ?? null };
}

/**
 * A job description's Flat Row: its title and organization, the overall score, its values in
 * words, a score for each of `components` the result has and each custom data point it scored,
 * then its identifier and PDF link.
 */
export function jobDescriptionRow(result: IDataObject, components: readonly string[]): IDataObject {
	const searched: Searched = {
		components: components.filter((component) => component in result),
		customData: Object.keys((result.customData ?? {}) as IDataObject),
	};
	const row = withScores({ ...jobDescriptionStart(result), ...valuesOf(result) }, result, searched);
	return { ...row, identifier: result.identifier, pdf: result.pdf ?? null };
}

/** A row of a tool's answer: what a model needs to name, rank and look up a candidate. */
export function candidateToolRow(result: IDataObject, searched: Searched): IDataObject {
	return { ...withScores(candidateStart(result), result, searched), identifier: result.identifier };
}

/** A row of a tool's answer of job descriptions: title, organization, scores, identifier. */
export function jobDescriptionToolRow(result: IDataObject, searched: Searched): IDataObject {
	return {
		...withScores(jobDescriptionStart(result), result, searched),
		identifier: result.identifier,
	};
}

/**
 * A pair's match score (Resume → Get Match Score): the two documents, the score, then each
 * component's score (`skillsScore` …) the answer details, in the order of `components`.
 */
export function matchScoreRow(
	pair: { resume: unknown; jobDescription: unknown },
	answer: IDataObject,
	components: readonly string[],
): IDataObject {
	const details = (answer.details ?? {}) as IDataObject;
	const row: IDataObject = {
		resume: pair.resume as string,
		jobDescription: pair.jobDescription as string,
		score: answer.score ?? null,
	};
	for (const component of components) {
		if (component in details) row[`${component}Score`] = scoreOf(details[component]);
	}
	return row;
}

/** Suggestions (Resume → Suggest): one row, what was given and the list, ready to feed a search. */
export function suggestionsRow(kind: string, given: string[], suggestions: string[]): IDataObject {
	return { [kind]: given, suggestions };
}
