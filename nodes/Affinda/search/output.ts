import type { IDataObject } from 'n8n-workflow';

/** The scored components of a search result, each `{label, value, score}`. */
export const SCORE_COMPONENTS = [
	'jobTitle',
	'managementLevel',
	'experience',
	'skills',
	'languages',
	'location',
	'education',
	'occupationGroup',
	'searchExpression',
] as const;

function scored(component: unknown): IDataObject | undefined {
	if (typeof component !== 'object' || component === null) return undefined;
	const { label, value, score } = component as IDataObject;
	return { label, value: value ?? null, score: score ?? null };
}

function scoredMap(source: IDataObject, keys: readonly string[]): IDataObject {
	const map: IDataObject = {};
	for (const key of keys) {
		const component = scored(source[key]);
		if (component) map[key] = component;
	}
	return map;
}

/** Identifier, name, score, pdf and each criterion's label/value/score; the rest is dropped. */
export function simplifySearchResult(result: IDataObject): IDataObject {
	const simplified: IDataObject = {
		identifier: result.identifier,
		name: result.name ?? null,
		score: result.score,
		pdf: result.pdf ?? null,
		criteria: scoredMap(result, SCORE_COMPONENTS),
	};
	const customData = (result.customData ?? {}) as IDataObject;
	const customScores = scoredMap(customData, Object.keys(customData));
	if (Object.keys(customScores).length > 0) simplified.customData = customScores;
	return simplified;
}

/** A component's score: `{score}` in the answer, null when the service did not score it. */
function scoreOf(component: unknown): unknown {
	if (typeof component !== 'object' || component === null) return null;
	return (component as IDataObject).score ?? null;
}

/**
 * One flat row per candidate, made for n8n's table view: who, the overall score, one column per
 * scored criterion (`skillsScore` ...; custom data points as `<slug>Score`), then the document's
 * identifier and PDF link.
 */
export function searchResultRow(result: IDataObject): IDataObject {
	const row: IDataObject = { candidate: result.name ?? null, score: result.score ?? null };
	for (const component of SCORE_COMPONENTS) {
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
