// What ranking reads of a resume: its data flattened once into lowercase sets and numbers, so a
// search over ten thousand resumes does no string work it could have done at indexing time.

import { EDUCATION_RANK, isoMonthIndex, parseMonth, type MonthIndex } from '../data/normalise';
import type { Location, ResumeData } from '../data/types';
import type { EducationLevel, ManagementLevel } from '../search-body';

export interface TitleEntry {
	display: string;
	tokens: ReadonlySet<string>;
	isCurrent: boolean;
}

export interface ResumeProfile {
	name: string;
	titles: TitleEntry[];
	/** The current (or latest) job title, for display. */
	currentTitle: string;
	years: number | null;
	latitude: number | null;
	longitude: number | null;
	/** city, state, state code, country and country code, lowercased, for name matching. */
	placeNames: ReadonlySet<string>;
	locationDisplay: string;
	/** lowercase name -> name as written. */
	skills: ReadonlyMap<string, string>;
	languages: ReadonlyMap<string, string>;
	degrees: string[];
	degreesLower: string[];
	institutionsLower: string[];
	educationDisplay: string;
	highestLevel: EducationLevel | null;
	isCurrentStudent: boolean;
	isRecentGraduate: boolean;
	socCode: number | null;
	socName: string;
	managementLevel: ManagementLevel | null;
	custom: Record<string, unknown>;
	rawText: string;
}

const lowerTexts = new WeakMap<ResumeProfile, string>();

/** The raw text, lowercased on first use: only searchExpression needs it, so most runs never pay. */
export function lowerRawText(profile: ResumeProfile): string {
	let text = lowerTexts.get(profile);
	if (text === undefined) {
		text = profile.rawText.toLowerCase();
		lowerTexts.set(profile, text);
	}
	return text;
}

const placeNamesByLocation = new WeakMap<Location, ReadonlySet<string>>();

/** Lowercase names of a location's city, state and country (shared by resumes sharing the location). */
function placeNamesOf(location: Location | null): ReadonlySet<string> {
	if (!location) return new Set();
	let names = placeNamesByLocation.get(location);
	if (!names) {
		names = new Set(
			[location.city, location.state, location.stateCode, location.country, location.countryCode]
				.filter((v): v is string => !!v)
				.map((v) => v.toLowerCase()),
		);
		placeNamesByLocation.set(location, names);
	}
	return names;
}

export function tokens(text: string): Set<string> {
	return new Set(
		text
			.toLowerCase()
			.split(/[^a-z0-9+#.]+/)
			.filter((t) => t.length > 0 && t !== '.'),
	);
}

const byLower = (names: Iterable<string>): Map<string, string> => {
	const map = new Map<string, string>();
	for (const name of names) if (name) map.set(name.toLowerCase(), name);
	return map;
};

const languageMaps = new Map<string, ReadonlyMap<string, string>>();

/** Language lists repeat ("English", "English, Mandarin"): their maps are shared. */
function languagesOf(names: string[]): ReadonlyMap<string, string> {
	const key = names.join('|');
	let map = languageMaps.get(key);
	if (!map) {
		map = byLower(names);
		if (languageMaps.size < 10_000) languageMaps.set(key, map);
	}
	return map;
}

const titleTokens = new Map<string, ReadonlySet<string>>();

/** A title's words, shared: ten thousand resumes hold only a few hundred distinct titles. */
function tokensOfTitle(title: string): ReadonlySet<string> {
	let words = titleTokens.get(title);
	if (!words) {
		words = tokens(title);
		if (titleTokens.size < 50_000) titleTokens.set(title, words);
	}
	return words;
}

export function buildResumeProfile(data: ResumeData, referenceMonth: MonthIndex): ResumeProfile {
	const work = data.workExperience ?? [];
	const titles: TitleEntry[] = work
		.filter((w) => w.jobTitle)
		.map((w, i) => ({
			display: w.jobTitle as string,
			tokens: tokensOfTitle(w.jobTitle as string),
			isCurrent: w.dates ? w.dates.isCurrent : i === 0,
		}));
	const current = work.find((w) => w.dates?.isCurrent) ?? work[0];
	const location = data.location;
	const placeNames = placeNamesOf(location);

	const education = data.education ?? [];
	let highestLevel: EducationLevel | null = null;
	let isCurrentStudent = false;
	let latestCompletion: MonthIndex | undefined;
	for (const study of education) {
		const level = study.accreditation?.educationLevel ?? null;
		if (level && (!highestLevel || EDUCATION_RANK[level] > EDUCATION_RANK[highestLevel]))
			highestLevel = level;
		if (study.dates?.isCurrent) isCurrentStudent = true;
		const completed =
			isoMonthIndex(study.dates?.completionDate) ?? parseMonth(study.dates?.rawText ?? '');
		if (
			!study.dates?.isCurrent &&
			completed !== undefined &&
			(latestCompletion === undefined || completed > latestCompletion)
		) {
			latestCompletion = completed;
		}
	}
	const degrees = education.map((e) => e.accreditation?.education ?? '').filter(Boolean);
	const best = education[0];

	const socCode =
		current?.occupation?.classification?.socCode ??
		(current?.socCode ? Number(current.socCode) : null);
	const custom: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(data)) {
		if (!(key in KNOWN_RESUME_KEYS)) custom[key] = value;
	}
	return {
		name: data.name?.raw ?? '',
		titles,
		currentTitle: current?.jobTitle ?? data.profession ?? '',
		years: data.totalYearsExperience ?? null,
		latitude: location?.latitude ?? null,
		longitude: location?.longitude ?? null,
		placeNames,
		locationDisplay: location?.formatted ?? location?.rawInput ?? '',
		skills: byLower((data.skills ?? []).map((s) => s.name)),
		languages: languagesOf(data.languages ?? []),
		degrees,
		degreesLower: degrees.map((d) => d.toLowerCase()),
		institutionsLower: education.map((e) => (e.organization ?? '').toLowerCase()).filter(Boolean),
		educationDisplay: best
			? [best.accreditation?.education, best.organization].filter(Boolean).join(', ')
			: '',
		highestLevel,
		isCurrentStudent,
		isRecentGraduate:
			latestCompletion !== undefined &&
			referenceMonth - latestCompletion < 12 &&
			referenceMonth >= latestCompletion,
		socCode: socCode && Number.isFinite(socCode) ? socCode : null,
		socName: current?.occupation?.classification?.title ?? current?.socName ?? '',
		managementLevel: current?.occupation?.managementLevel ?? null,
		custom,
		rawText: data.rawText ?? '',
	};
}

/** ResumeData's own keys; anything else on a resume is a custom data point. */
const KNOWN_RESUME_KEYS: Record<string, true> = Object.fromEntries(
	[
		'name',
		'phoneNumbers',
		'phoneNumberDetails',
		'websites',
		'emails',
		'dateOfBirth',
		'location',
		'objective',
		'languages',
		'languageCodes',
		'summary',
		'totalYearsExperience',
		'headShot',
		'education',
		'profession',
		'linkedin',
		'workExperience',
		'skills',
		'certifications',
		'publications',
		'referees',
		'sections',
		'isResumeProbability',
		'rawText',
		'redactedText',
	].map((k) => [k, true]),
);
