// Ranking: filter by the required criteria, score by the weighted mean of all active criteria,
// order by score (ties keep indexing order, so paging is stable), and explain a page of results.

import { RESULT_COMPONENTS, type Criterion } from './criteria';
import type { ResumeProfile } from './profile';

/** Anything with a search profile; ranking hands the same objects back. */
export interface Candidate {
	profile: ResumeProfile;
}

export interface Ranked<C extends Candidate> {
	candidate: C;
	score: number;
}

export interface ScoredValue {
	label: string;
	value: string;
	score: number;
}

export const round = (x: number): number => Math.round(x * 10000) / 10000;

/** The weighted mean of the criteria; 0 when nothing carries weight. */
export function totalScore(criteria: readonly Criterion[], profile: ResumeProfile): number {
	let weighted = 0;
	let weights = 0;
	for (const c of criteria) {
		if (c.weight <= 0) continue;
		weighted += c.weight * c.score(profile);
		weights += c.weight;
	}
	return weights === 0 ? 0 : weighted / weights;
}

export function rank<C extends Candidate>(
	candidates: readonly C[],
	criteria: readonly Criterion[],
): Array<Ranked<C>> {
	const filters = criteria
		.filter((c) => c.passes)
		.map((c) => c.passes as (p: ResumeProfile) => boolean);
	const kept: Array<Ranked<C>> = [];
	for (const candidate of candidates) {
		if (filters.every((passes) => passes(candidate.profile))) {
			kept.push({ candidate, score: totalScore(criteria, candidate.profile) });
		}
	}
	// Array.prototype.sort is stable: equal scores keep the indices' order.
	kept.sort((a, b) => b.score - a.score);
	return kept;
}

/** The per-criterion explanation of one result, in the specification's result shape. */
export function explain(
	criteria: readonly Criterion[],
	profile: ResumeProfile,
): { components: Record<string, ScoredValue>; customData: Record<string, ScoredValue> } {
	const components: Record<string, ScoredValue> = {};
	for (const component of RESULT_COMPONENTS) {
		const active = criteria.find((c) => c.key === component.key);
		components[component.key] = active
			? { label: active.label, value: active.value(profile), score: round(active.score(profile)) }
			: // Not asked for: the resume's own value, scoring nothing (the specification types score as a number).
				{ label: component.label, value: component.describe(profile), score: 0 };
	}
	const customData: Record<string, ScoredValue> = {};
	for (const c of criteria) {
		if (c.key.startsWith('customData.')) {
			customData[c.key.slice('customData.'.length)] = {
				label: c.label,
				value: c.value(profile),
				score: round(c.score(profile)),
			};
		}
	}
	return { components, customData };
}
