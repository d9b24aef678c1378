import type { IDataObject } from 'n8n-workflow';

import {
	Evidence,
	field,
	listOf,
	nameOf,
	numberOrNull,
	readEach,
	text,
	unique,
	unwrap,
} from './values';

/**
 * A job description's values (`JobDescriptionData`: each value an annotation unless compact):
 * `jobTitle.parsed.name`, `organizationName`, `location`, `yearsExperience.{minimum, maximum}`,
 * `skills[]` and `languages[]` (text or `{name}`).
 */

export function jobTitle(data: IDataObject, evidence: Evidence): string | null {
	return nameOf(data.jobTitle, evidence);
}

export function organization(data: IDataObject, evidence: Evidence): string | null {
	return text(unwrap(data.organizationName, evidence));
}

export function yearsExperience(bound: 'minimum' | 'maximum') {
	return (data: IDataObject, evidence: Evidence): number | null =>
		numberOrNull(field(data.yearsExperience, [bound], evidence));
}

export function names(key: string) {
	return (data: IDataObject, evidence: Evidence): string[] =>
		unique(readEach(listOf(data[key]), nameOf, evidence));
}
