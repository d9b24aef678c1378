import type { IDataObject } from 'n8n-workflow';

import { valuesOf } from './compact';
import { SCORE_COMPONENTS, type ScoreComponent } from './criteria';

/** A component's score: `{score}` in the answer, null when the service did not score it. */
function scoreOf(component: unknown): unknown {
	if (typeof component !== 'object' || component === null) return null;
	return (component as IDataObject).score ?? null;
}

/**
 * One flat row per job description: its title and organization, the overall score, its values
 * in words (location, experience, matched skills), a score for each criterion that was searched (`searched`: every one when matching a resume), then its
 * identifier and PDF link.
 */
export function jobDescriptionResultRow(
	result: IDataObject,
	searched: readonly ScoreComponent[],
): IDataObject {
	const jobTitle = result.jobTitle as IDataObject | undefined;
	const row: IDataObject = {
		jobTitle: jobTitle?.value ?? null,
		organization: result.organizationName ?? null,
		score: result.score ?? null,
		...valuesOf(result),
	};
	return withScores(row, result, searched);
}

/** One row for a pair score: the score, then each component's score (`skillsScore` ...). */
export function matchScoreRow(answer: IDataObject): IDataObject {
	const details = (answer.details ?? {}) as IDataObject;
	const row: IDataObject = { score: answer.score ?? null };
	for (const component of SCORE_COMPONENTS) {
		if (component in details) row[`${component}Score`] = scoreOf(details[component]) as number;
	}
	return row;
}

/** Adds the components' and custom data points' scores, then the identifier and PDF link. */
function withScores(
	row: IDataObject,
	result: IDataObject,
	components: readonly ScoreComponent[],
): IDataObject {
	for (const component of components) {
		if (component in result) row[`${component}Score`] = scoreOf(result[component]) as number;
	}
	const customData = (result.customData ?? {}) as IDataObject;
	for (const [slug, component] of Object.entries(customData)) {
		const column = `${slug}Score`;
		row[column in row ? `customData.${column}` : column] = scoreOf(component) as number;
	}
	row.identifier = result.identifier;
	row.pdf = result.pdf ?? null;
	return row;
}
