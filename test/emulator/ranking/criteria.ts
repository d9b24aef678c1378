// Search criteria as scoring functions. Each criterion of a search body scores a resume from 0 to
// 1; its *Weight (default DEFAULT_WEIGHT) weighs it in the total, which is the weighted mean of the
// active criteria; a *Required flag (or a skill/language with required: true) turns it into a
// filter as well. The formulas are deliberately simple so a result can be explained by hand.

import { CUSTOM_DATA_POINTS } from '../data/types';
import { findPlace } from '../data/normalise';
import {
	MANAGEMENT_LEVELS,
	namedFilters,
	type LocationFilter,
	type NameFilter,
	type SearchBody,
} from '../search-body';
import type { ResumeProfile, TitleEntry } from './profile';
import { lowerRawText, tokens } from './profile';
import { compileSearchExpression, containsTerm } from './search-expression';

/** Years of experience as the service writes them: "1 year", "9 years"; nothing when unknown. */
function yearsInWords(years: number | null): string {
	return years === null ? '' : `${years} ${years === 1 ? 'year' : 'years'}`;
}

/** Weight of a criterion whose *Weight field is absent. The service publishes no default. */
export const DEFAULT_WEIGHT = 0.5;
/** Default location radius, as the service's ResumeSearchParametersLocation declares. */
export const DEFAULT_DISTANCE = 100;
const KM_PER_MILE = 1.609344;

export const RESULT_COMPONENTS = [
	{ key: 'jobTitle', label: 'Job Title', describe: (p: ResumeProfile) => p.currentTitle },
	{
		key: 'managementLevel',
		label: 'Management level',
		describe: (p: ResumeProfile) => p.managementLevel ?? '',
	},
	{
		key: 'experience',
		label: 'Experience',
		describe: (p: ResumeProfile) => yearsInWords(p.years),
	},
	{
		key: 'skills',
		label: 'Skills',
		describe: (p: ResumeProfile) => [...p.skills.values()].slice(0, 3).join(', '),
	},
	{
		key: 'languages',
		label: 'Languages',
		describe: (p: ResumeProfile) => [...p.languages.values()].join(', '),
	},
	{ key: 'location', label: 'Location', describe: (p: ResumeProfile) => p.locationDisplay },
	{ key: 'education', label: 'Education', describe: (p: ResumeProfile) => p.educationDisplay },
	{ key: 'occupationGroup', label: 'Occupation group', describe: (p: ResumeProfile) => p.socName },
	{ key: 'searchExpression', label: 'Search expression', describe: () => '' },
] as const;
export type ResultKey = (typeof RESULT_COMPONENTS)[number]['key'];

export interface Criterion {
	/** A result component key, or `customData.<slug>`. */
	key: ResultKey | `customData.${string}`;
	label: string;
	weight: number;
	score(profile: ResumeProfile): number;
	/** Present when part of the criterion is required: resumes that fail it are left out. */
	passes?: (profile: ResumeProfile) => boolean;
	/** What of the resume the criterion looked at, for the result's `value`. */
	value(profile: ResumeProfile): string;
}

const weightOf = (w: number | undefined): number => w ?? DEFAULT_WEIGHT;

// ---- job titles

function titleSimilarity(
	query: ReadonlySet<string>,
	title: TitleEntry,
): { score: number; covered: boolean } {
	let shared = 0;
	for (const t of query) if (title.tokens.has(t)) shared++;
	const coverage = shared / query.size;
	const precision = title.tokens.size === 0 ? 0 : shared / title.tokens.size;
	return { score: 0.7 * coverage + 0.3 * precision, covered: coverage === 1 };
}

function jobTitleCriterion(body: SearchBody): Criterion | undefined {
	const queries = (body.jobTitles ?? []).map((t) => tokens(t)).filter((q) => q.size > 0);
	if (queries.length === 0) return undefined;
	const currentOnly = body.jobTitlesCurrentOnly === true;
	const eligible = (p: ResumeProfile): TitleEntry[] =>
		currentOnly ? p.titles.filter((t) => t.isCurrent) : p.titles;
	const best = (p: ResumeProfile): { score: number; title?: TitleEntry } => {
		let top: { score: number; title?: TitleEntry } = { score: 0 };
		for (const title of eligible(p)) {
			const recency = title.isCurrent ? 1 : 0.8;
			for (const q of queries) {
				const s = titleSimilarity(q, title).score * recency;
				if (s > top.score) top = { score: s, title };
			}
		}
		return top;
	};
	return {
		key: 'jobTitle',
		label: 'Job Title',
		weight: weightOf(body.jobTitlesWeight),
		score: (p) => best(p).score,
		passes: body.jobTitlesRequired
			? (p) => eligible(p).some((title) => queries.some((q) => titleSimilarity(q, title).covered))
			: undefined,
		value: (p) => best(p).title?.display ?? p.currentTitle,
	};
}

// ---- years of experience

function experienceCriterion(body: SearchBody): Criterion | undefined {
	const min = body.yearsExperienceMin ?? null;
	const max = body.yearsExperienceMax ?? null;
	if (min === null && max === null) return undefined;
	const gap = (years: number): number =>
		min !== null && years < min ? min - years : max !== null && years > max ? years - max : 0;
	return {
		key: 'experience',
		label: 'Experience',
		weight: weightOf(body.yearsExperienceWeight),
		// Each year outside the range costs a fifth of the score.
		score: (p) => (p.years === null ? 0 : Math.max(0, 1 - gap(p.years) / 5)),
		passes: body.yearsExperienceRequired
			? (p) => p.years !== null && gap(p.years) === 0
			: undefined,
		value: (p) => yearsInWords(p.years),
	};
}

// ---- locations

export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
	const rad = Math.PI / 180;
	const dLat = (lat2 - lat1) * rad;
	const dLon = (lon2 - lon1) * rad;
	const a =
		Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
	return 6371 * 2 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Scores one location filter: within the radius 1, fading to 0 at twice the radius. */
export function locationScorer(
	filter: LocationFilter,
): (p: {
	latitude: number | null;
	longitude: number | null;
	placeNames: ReadonlySet<string>;
}) => number {
	const radiusKm = (filter.distance ?? DEFAULT_DISTANCE) * (filter.unit === 'mi' ? KM_PER_MILE : 1);
	let lat = filter.coordinates?.latitude ?? null;
	let lon = filter.coordinates?.longitude ?? null;
	const name = (filter.name ?? '').trim();
	if ((lat === null || lon === null) && name !== '') {
		const place = findPlace(name);
		if (place) {
			lat = place.latitude;
			lon = place.longitude;
		}
	}
	if (lat !== null && lon !== null) {
		const [fLat, fLon] = [lat, lon];
		return (p) => {
			if (p.latitude === null || p.longitude === null) return 0;
			const d = distanceKm(fLat, fLon, p.latitude, p.longitude);
			return d <= radiusKm ? 1 : Math.max(0, 1 - (d - radiusKm) / radiusKm);
		};
	}
	// A region we have no coordinates for ("Australia", "NSW"): match it by name.
	const parts = name
		.toLowerCase()
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean);
	return (p) => (parts.length > 0 && parts.some((part) => p.placeNames.has(part)) ? 1 : 0);
}

function locationCriterion(body: SearchBody): Criterion | undefined {
	const filters = body.locations ?? [];
	if (filters.length === 0) return undefined;
	const scorers = filters.map(locationScorer);
	const score = (p: ResumeProfile): number => Math.max(...scorers.map((s) => s(p)));
	return {
		key: 'location',
		label: 'Location',
		weight: weightOf(body.locationsWeight),
		score,
		passes: body.locationsRequired ? (p) => score(p) === 1 : undefined,
		value: (p) => p.locationDisplay,
	};
}

// ---- skills and languages

function nameListCriterion(
	key: 'skills' | 'languages',
	label: string,
	filters: NameFilter[] | undefined,
	weight: number | undefined,
	owned: (p: ResumeProfile) => ReadonlyMap<string, string>,
): Criterion | undefined {
	const wanted = namedFilters(filters).map((f) => ({
		name: f.name.trim().toLowerCase(),
		required: f.required === true,
	}));
	if (wanted.length === 0) return undefined;
	const required = wanted.filter((w) => w.required).map((w) => w.name);
	return {
		key,
		label,
		weight: weightOf(weight),
		score: (p) => {
			const have = owned(p);
			let hits = 0;
			for (const w of wanted) if (have.has(w.name)) hits++;
			return hits / wanted.length;
		},
		passes: required.length > 0 ? (p) => required.every((name) => owned(p).has(name)) : undefined,
		value: (p) => {
			const have = owned(p);
			return wanted
				.filter((w) => have.has(w.name))
				.map((w) => have.get(w.name))
				.join(', ');
		},
	};
}

// ---- education

interface EducationPart {
	score(p: ResumeProfile): number;
	required: boolean;
}

function coverage(query: string, text: string): number {
	const q = tokens(query);
	if (q.size === 0) return 0;
	const t = tokens(text);
	let hits = 0;
	for (const w of q) if (t.has(w)) hits++;
	return hits / q.size;
}

function educationCriterion(body: SearchBody): Criterion | undefined {
	const parts: EducationPart[] = [];
	const institutions = (body.institutions ?? []).map((i) => i.trim().toLowerCase()).filter(Boolean);
	if (institutions.length > 0) {
		parts.push({
			score: (p) =>
				p.institutionsLower.some((have) => institutions.some((want) => have.includes(want)))
					? 1
					: 0,
			required: body.institutionsRequired === true,
		});
	}
	const degrees = (body.degrees ?? []).map((d) => d.trim()).filter(Boolean);
	if (degrees.length > 0) {
		parts.push({
			score: (p) => {
				let best = 0;
				for (const want of degrees) {
					for (const have of p.degrees)
						best = Math.max(
							best,
							have.toLowerCase().includes(want.toLowerCase()) ? 1 : coverage(want, have),
						);
				}
				return best;
			},
			required: body.degreesRequired === true,
		});
	}
	const levels = (body.highestDegreeTypes ?? []).filter(
		(l): l is NonNullable<typeof l> => l !== null,
	);
	if (levels.length > 0) {
		parts.push({
			score: (p) => (p.highestLevel !== null && levels.includes(p.highestLevel) ? 1 : 0),
			required: body.highestDegreeTypesRequired === true,
		});
	}
	if (body.isCurrentStudent !== undefined) {
		const want = body.isCurrentStudent;
		parts.push({
			score: (p) => (p.isCurrentStudent === want ? 1 : 0),
			required: body.isCurrentStudentRequired === true,
		});
	}
	if (body.isRecentGraduate !== undefined) {
		const want = body.isRecentGraduate;
		parts.push({
			score: (p) => (p.isRecentGraduate === want ? 1 : 0),
			required: body.isRecentGraduateRequired === true,
		});
	}
	if (parts.length === 0) return undefined;
	const required = parts.filter((part) => part.required);
	return {
		key: 'education',
		label: 'Education',
		weight: weightOf(body.educationWeight),
		// The mean of the parts asked for: institutions, degrees, degree types, student flags.
		score: (p) => parts.reduce((sum, part) => sum + part.score(p), 0) / parts.length,
		passes: required.length > 0 ? (p) => required.every((part) => part.score(p) === 1) : undefined,
		value: (p) => p.educationDisplay,
	};
}

// ---- occupation groups

/** 1 inside the group; 0.5 same minor group; 0.25 same sub-major group; else 0. */
export function occupationScore(wanted: number, have: number | null): number {
	if (have === null) return 0;
	const w = String(wanted);
	const h = String(have);
	if (h.startsWith(w)) return 1;
	if (w.length >= 3 && h.slice(0, 3) === w.slice(0, 3)) return 0.5;
	if (w.length >= 2 && h.slice(0, 2) === w.slice(0, 2)) return 0.25;
	return 0;
}

function occupationCriterion(body: SearchBody): Criterion | undefined {
	const codes = body.socCodes ?? [];
	if (codes.length === 0) return undefined;
	const score = (p: ResumeProfile): number =>
		Math.max(...codes.map((c) => occupationScore(c, p.socCode)));
	return {
		key: 'occupationGroup',
		label: 'Occupation group',
		weight: weightOf(body.socCodesWeight),
		score,
		passes: body.socCodesRequired ? (p) => score(p) === 1 : undefined,
		value: (p) => p.socName,
	};
}

// ---- management level

export function managementLevelScore(wanted: string, have: string | null): number {
	if (have === null) return 0;
	const gap = Math.abs(
		MANAGEMENT_LEVELS.indexOf(wanted as never) - MANAGEMENT_LEVELS.indexOf(have as never),
	);
	return gap === 0 ? 1 : gap === 1 ? 0.5 : 0;
}

function managementLevelCriterion(body: SearchBody): Criterion | undefined {
	const wanted = body.managementLevel;
	if (!wanted) return undefined;
	return {
		key: 'managementLevel',
		label: 'Management level',
		weight: weightOf(body.managementLevelWeight),
		score: (p) => managementLevelScore(wanted, p.managementLevel),
		passes: body.managementLevelRequired ? (p) => p.managementLevel === wanted : undefined,
		value: (p) => p.managementLevel ?? '',
	};
}

// ---- search expression

function searchExpressionCriterion(body: SearchBody): Criterion | undefined {
	const text = body.searchExpression?.trim();
	if (!text) return undefined;
	const expression = compileSearchExpression(text);
	const positives = expression.terms.filter((_, i) => expression.positive[i]);
	const found = (p: ResumeProfile): boolean[] =>
		expression.terms.map((t) => containsTerm(lowerRawText(p), t));
	return {
		key: 'searchExpression',
		label: 'Search expression',
		weight: weightOf(body.searchExpressionWeight),
		score: (p) => {
			const hits = found(p);
			if (positives.length === 0) return expression.matches(hits) ? 1 : 0;
			return (
				expression.terms.filter((_, i) => expression.positive[i] && hits[i]).length /
				positives.length
			);
		},
		passes: body.searchExpressionRequired ? (p) => expression.matches(found(p)) : undefined,
		value: (p) => {
			const hits = found(p);
			return expression.terms.filter((_, i) => expression.positive[i] && hits[i]).join(', ');
		},
	};
}

// ---- custom data

export function customDataSlug(filter: {
	dataPoint?: string | null;
	field?: string | null;
}): string {
	return (filter.field ?? filter.dataPoint ?? '') as string;
}

export function customDataMatches(
	filter: NonNullable<SearchBody['customData']>[number],
	have: unknown,
): boolean {
	if (filter.filterType === 'equals') {
		const want = filter.query.value;
		return typeof want === 'string' && typeof have === 'string'
			? want.toLowerCase() === have.toLowerCase()
			: want === have;
	}
	if (typeof have !== 'number') return false;
	return (
		(filter.query.gte === undefined || have >= filter.query.gte) &&
		(filter.query.lte === undefined || have <= filter.query.lte)
	);
}

function customDataCriteria(body: SearchBody): Criterion[] {
	return (body.customData ?? []).map((filter) => {
		const slug = customDataSlug(filter);
		const label = CUSTOM_DATA_POINTS.find((d) => d.slug === slug)?.label ?? slug;
		const score = (p: ResumeProfile): number => (customDataMatches(filter, p.custom[slug]) ? 1 : 0);
		return {
			key: `customData.${slug}` as const,
			label,
			weight: weightOf(filter.weight),
			score,
			passes: filter.required ? (p: ResumeProfile) => score(p) === 1 : undefined,
			value: (p: ResumeProfile) =>
				p.custom[slug] === undefined || p.custom[slug] === null ? '' : String(p.custom[slug]),
		};
	});
}

/** Every active criterion of a (validated) search body. */
export function criteriaOf(body: SearchBody): Criterion[] {
	return [
		jobTitleCriterion(body),
		managementLevelCriterion(body),
		experienceCriterion(body),
		nameListCriterion('skills', 'Skills', body.skills, body.skillsWeight, (p) => p.skills),
		nameListCriterion(
			'languages',
			'Languages',
			body.languages,
			body.languagesWeight,
			(p) => p.languages,
		),
		locationCriterion(body),
		educationCriterion(body),
		occupationCriterion(body),
		searchExpressionCriterion(body),
		...customDataCriteria(body),
	].filter((c): c is Criterion => c !== undefined);
}
