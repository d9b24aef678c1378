// Turning plain words into the service's structured values: places into Location records, titles
// into management levels and occupation classifications, degree names into education levels.
// The generator and the parser both use these, so parsed and generated documents agree.

import type { EducationLevel, ManagementLevel } from '../search-body';
import { ancestorCodes, occupationForTitle, occupationGroupName } from './occupations';
import type { Location, OccupationClassification } from './types';
import { PLACES, type Place } from './vocabulary';

const sharedLocations = new Map<Place, Location>();

/**
 * The Location record of a gazetteer place. With the default raw input the record is shared and
 * frozen: generated documents hold tens of thousands of them, and nothing edits inside one (edits
 * replace a whole location).
 */
export function locationFromPlace(place: Place, rawInput?: string): Location {
	if (rawInput === undefined) {
		let shared = sharedLocations.get(place);
		if (!shared) {
			shared = Object.freeze(buildLocation(place, `${place.city}, ${place.stateCode}`));
			sharedLocations.set(place, shared);
		}
		return shared;
	}
	return buildLocation(place, rawInput);
}

function buildLocation(place: Place, rawInput: string): Location {
	return {
		formatted: `${place.city} ${place.stateCode}, ${place.country}`,
		postalCode: place.postalCode,
		state: place.state,
		stateCode: place.stateCode,
		country: place.country,
		countryCode: place.countryCode,
		rawInput,
		streetNumber: null,
		street: null,
		apartmentNumber: null,
		city: place.city,
		latitude: place.latitude,
		longitude: place.longitude,
		poBox: null,
	};
}

/** An address we cannot place: only the raw text survives. */
export function unplacedLocation(rawInput: string): Location {
	return {
		...locationFromPlace(PLACES[0], rawInput),
		formatted: rawInput,
		postalCode: null,
		state: null,
		stateCode: null,
		country: null,
		countryCode: null,
		city: null,
		latitude: null,
		longitude: null,
	};
}

const lower = (s: string): string => s.toLowerCase();

/** The gazetteer entry a free-text place name refers to (city, or city plus state/country). */
export function findPlace(text: string): Place | undefined {
	const t = lower(text);
	let best: Place | undefined;
	for (const place of PLACES) {
		const city = lower(place.city);
		const at = t.indexOf(city);
		if (at < 0) continue;
		const before = at === 0 ? ' ' : t[at - 1];
		const after = t[at + city.length] ?? ' ';
		if (/[a-z]/.test(before) || /[a-z]/.test(after)) continue;
		// Prefer the longest city name ("New York" over "York"), then one whose state also appears.
		if (!best || city.length > best.city.length) best = place;
		else if (city.length === best.city.length && t.includes(lower(place.stateCode))) best = place;
	}
	return best;
}

export function placeLocation(text: string): Location {
	const place = findPlace(text);
	return place ? locationFromPlace(place, text.trim()) : unplacedLocation(text.trim());
}

/** Seniority words in a title decide its management level. */
export function managementLevelForTitle(title: string): ManagementLevel {
	const t = lower(title);
	if (/\b(chief|director|head of|vp|vice president|cto|cfo|ceo)\b/.test(t)) return 'Upper';
	if (/\b(manager|lead|principal|head)\b/.test(t)) return 'Mid';
	if (/\b(senior|supervisor|team leader|sr\.?)\b/.test(t)) return 'Low';
	return 'None';
}

const sharedClassifications = new Map<number, OccupationClassification | null>();

/** The SOC classification of a unit group (shared and frozen, like places). */
export function classificationFor(socCode: number): OccupationClassification | null {
	if (!sharedClassifications.has(socCode)) {
		sharedClassifications.set(socCode, buildClassification(socCode));
	}
	return sharedClassifications.get(socCode) ?? null;
}

function buildClassification(socCode: number): OccupationClassification | null {
	const name = occupationGroupName(socCode);
	if (!name) return null;
	const [major, subMajor, minor] = ancestorCodes(socCode);
	return Object.freeze({
		title: name,
		minorGroup: occupationGroupName(minor) ?? '',
		subMajorGroup: occupationGroupName(subMajor) ?? '',
		majorGroup: occupationGroupName(major) ?? '',
		socCode,
		minorGroupCode: minor,
		subMajorGroupCode: subMajor,
		majorGroupCode: major,
	});
}

export function classificationForTitle(title: string): OccupationClassification | null {
	const occupation = occupationForTitle(title);
	return occupation ? classificationFor(occupation.socCode) : null;
}

/** The education level a degree's name implies (null when it names none). */
export function educationLevelFor(degree: string): EducationLevel | null {
	const t = lower(degree);
	if (
		/\b(high school|year 12|hsc|a-levels|secondary (school )?(certificate|diploma|education))\b/.test(
			t,
		)
	)
		return 'school';
	if (/\b(ph\.?d|doctor of|doctorate|dphil)\b/.test(t)) return 'doctoral';
	if (/\b(master|mba|m\.?sc|m\.?eng|m\.?a\.)\b/.test(t)) return 'masters';
	if (/\b(bachelor|b\.?sc|b\.?a\.|b\.?eng|b\.?com|honours|undergraduate)\b/.test(t))
		return 'bachelors';
	if (/\b(diploma|certificate|cert\.?|apprenticeship|associate degree)\b/.test(t))
		return 'certificate';
	return null;
}

export const EDUCATION_RANK: Record<EducationLevel, number> = {
	school: 0,
	certificate: 1,
	bachelors: 2,
	masters: 3,
	doctoral: 4,
};

const LANGUAGE_CODES: Record<string, string> = {
	English: 'en',
	Mandarin: 'zh',
	Vietnamese: 'vi',
	Italian: 'it',
	Greek: 'el',
	Arabic: 'ar',
	Cantonese: 'yue',
	Hindi: 'hi',
	Maori: 'mi',
	Samoan: 'sm',
	Spanish: 'es',
	French: 'fr',
	Korean: 'ko',
	Punjabi: 'pa',
	Polish: 'pl',
	Urdu: 'ur',
	Irish: 'ga',
	German: 'de',
	Turkish: 'tr',
	Malay: 'ms',
	Tamil: 'ta',
	Kannada: 'kn',
	Marathi: 'mr',
	Telugu: 'te',
	Filipino: 'fil',
	Tagalog: 'tl',
	Cebuano: 'ceb',
	Japanese: 'ja',
	Portuguese: 'pt',
	Russian: 'ru',
	Dutch: 'nl',
};

export function languageCode(language: string): string {
	return LANGUAGE_CODES[language] ?? language.slice(0, 2).toLowerCase();
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Months since year 0, for date arithmetic without time zones. */
export type MonthIndex = number;

export function monthIndex(year: number, month: number): MonthIndex {
	return year * 12 + (month - 1);
}

export function isoDate(index: MonthIndex, day = 1): string {
	const year = Math.floor(index / 12);
	const month = (index % 12) + 1;
	return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function monthLabel(index: MonthIndex): string {
	return `${MONTHS[index % 12]} ${Math.floor(index / 12)}`;
}

/** The month of an ISO date ("2021-03-15" -> March 2021). */
export function isoMonthIndex(iso: string | null | undefined): MonthIndex | undefined {
	const match = /^(\d{4})-(\d{2})/.exec(iso ?? '');
	return match ? monthIndex(Number(match[1]), Number(match[2])) : undefined;
}

/** Parses "Mar 2021", "03/2021", "2021" (January assumed) into a month index. */
export function parseMonth(text: string): MonthIndex | undefined {
	const t = text.trim();
	const named = /^([A-Za-z]{3,9})\.?\s+(\d{4})$/.exec(t);
	if (named) {
		const m = MONTHS.findIndex((name) => lower(named[1]).startsWith(lower(name)));
		if (m >= 0) return monthIndex(Number(named[2]), m + 1);
	}
	const numeric = /^(\d{1,2})\/(\d{4})$/.exec(t);
	if (numeric) return monthIndex(Number(numeric[2]), Number(numeric[1]));
	const year = /^(\d{4})$/.exec(t);
	if (year) return monthIndex(Number(year[1]), 1);
	return undefined;
}
