import type { IDataObject } from 'n8n-workflow';

import {
	Evidence,
	field,
	isAnnotation,
	isObject,
	listOf,
	nameOf,
	numberOrNull,
	readEach,
	text,
	unique,
	unwrap,
} from './values';

/**
 * A resume's values, read from the legacy schema (`name`, `emails`, `phoneNumbers`, `skills`, …)
 * or NextGen's (`candidateName`, `email`, `phoneNumber`, `skill`, …), annotated or compact. Where
 * public sources name a NextGen field differently (`candidateNameFirst` or `firstName`, `jobTitle`
 * or `workExperienceJobTitle`, `workExperienceDateRange` or `workExperienceDates`), every name is
 * read: test/emulator/CONTRACT.md lists them with their sources.
 */

const FIRST = ['candidateNameFirst', 'firstName', 'first'];
const MIDDLE = ['candidateNameMiddle', 'middleName', 'middle'];
const LAST = ['candidateNameFamily', 'familyName', 'lastName', 'last'];

/** The first of several top-level fields the data has. */
function either(data: IDataObject, names: readonly string[]): unknown {
	for (const name of names) if (data[name] !== undefined && data[name] !== null) return data[name];
	return undefined;
}

function nameGroup(data: IDataObject): unknown {
	return either(data, ['candidateName', 'name']);
}

function namePart(data: IDataObject, names: readonly string[], evidence: Evidence) {
	return text(field(nameGroup(data), names, evidence));
}

export const firstName = (data: IDataObject, evidence: Evidence) => namePart(data, FIRST, evidence);
export const lastName = (data: IDataObject, evidence: Evidence) => namePart(data, LAST, evidence);

/** First, middle and last name joined; the name as written when it has no parts. */
export function fullName(data: IDataObject, evidence: Evidence): string | null {
	const group = nameGroup(data);
	const parts = [FIRST, MIDDLE, LAST].map((names) => text(field(group, names, evidence)));
	const joined = parts.filter((part) => part !== null).join(' ');
	if (joined !== '') return joined;
	const inner = unwrap(group, evidence);
	if (typeof inner === 'string') return text(inner);
	return text(isAnnotation(group) ? group.raw : isObject(inner) ? inner.raw : null);
}

const EMAILS = ['email', 'emails'];
const PHONES = ['phoneNumber', 'phoneNumbers'];

/** Every e-mail address. */
export function emails(data: IDataObject, evidence: Evidence): string[] {
	return unique(readEach(listOf(either(data, EMAILS)), nameOf, evidence));
}

/** The first e-mail address. */
export function email(data: IDataObject, evidence: Evidence): string | null {
	const [first] = listOf(either(data, EMAILS));
	return first === undefined ? null : nameOf(first, evidence);
}

/** A phone number: NextGen's formatted number (else its text as written), or the legacy string. */
function phoneText(entry: unknown, evidence: Evidence): string | null {
	const inner = unwrap(entry, evidence);
	if (isObject(inner))
		return text(field(inner, ['formattedNumber', 'rawText', 'raw', 'number'], evidence));
	return text(inner) ?? (isAnnotation(entry) ? text(entry.raw) : null);
}

export function phones(data: IDataObject, evidence: Evidence): string[] {
	return unique(readEach(listOf(either(data, PHONES)), phoneText, evidence));
}

/** The first phone number. */
export function phone(data: IDataObject, evidence: Evidence): string | null {
	const [first] = listOf(either(data, PHONES));
	return first === undefined ? null : phoneText(first, evidence);
}

export function locationPart(data: IDataObject, part: string, evidence: Evidence): string | null {
	return text(field(data.location, [part], evidence));
}

interface Job {
	title: string | null;
	employer: string | null;
	current: boolean;
	/** When it ended or, failing that, began (ISO dates compare as text). */
	latest: string;
	titleEvidence: Evidence;
	employerEvidence: Evidence;
}

function jobOf(entry: unknown): Job {
	const titleEvidence = new Evidence();
	const employerEvidence = new Evidence();
	unwrap(entry, titleEvidence);
	unwrap(entry, employerEvidence);
	const dates = unwrap(
		field(entry, ['workExperienceDates', 'workExperienceDateRange', 'dates']),
	) as IDataObject | undefined;
	const end = isObject(dates?.end) ? dates.end : {};
	const start = isObject(dates?.start) ? dates.start : {};
	return {
		title: nameOf(field(entry, ['workExperienceJobTitle', 'jobTitle']), titleEvidence),
		employer: nameOf(
			field(entry, ['workExperienceOrganization', 'organization']),
			employerEvidence,
		),
		current: dates?.isCurrent === true || end.isCurrent === true,
		latest: String(dates?.endDate ?? end.date ?? dates?.startDate ?? start.date ?? ''),
		titleEvidence,
		employerEvidence,
	};
}

/** The current job (the first marked current), else the one that ended (or began) last. */
function currentJob(data: IDataObject): Job | undefined {
	const jobs = listOf(data.workExperience).map(jobOf);
	return (
		jobs.find((job) => job.current) ??
		jobs.reduce<Job | undefined>(
			(best, job) => (!best || job.latest > best.latest ? job : best),
			undefined,
		)
	);
}

export function currentJobTitle(data: IDataObject, evidence: Evidence): string | null {
	const job = currentJob(data);
	evidence.add(job?.titleEvidence);
	return job?.title ?? null;
}

export function currentEmployer(data: IDataObject, evidence: Evidence): string | null {
	const job = currentJob(data);
	evidence.add(job?.employerEvidence);
	return job?.employer ?? null;
}

export function totalYearsExperience(data: IDataObject, evidence: Evidence): number | null {
	return numberOrNull(unwrap(data.totalYearsExperience, evidence));
}

/** Skill names, each once. A NextGen skill not matched to the taxonomy (`parsed` null) has none. */
export function skills(data: IDataObject, evidence: Evidence): string[] {
	return unique(readEach(listOf(either(data, ['skill', 'skills'])), nameOf, evidence));
}

/** Languages: legacy strings, or NextGen's `languageName` (an enum of label and value). */
export function languages(data: IDataObject, evidence: Evidence): string[] {
	return unique(
		readEach(
			listOf(either(data, ['language', 'languages'])),
			(entry, own) => {
				const inner = unwrap(entry, own);
				if (!isObject(inner)) return text(inner);
				const languageName = field(inner, ['languageName'], own);
				return languageName === undefined ? nameOf(inner) : nameOf(languageName, own);
			},
			evidence,
		),
	);
}

export function linkedin(data: IDataObject, evidence: Evidence): string | null {
	const legacy = text(unwrap(data.linkedin, evidence));
	if (legacy) return legacy;
	for (const entry of listOf(either(data, ['website', 'websites']))) {
		const own = new Evidence();
		const inner = unwrap(entry, own);
		const url = text(isObject(inner) ? field(inner, ['url', 'websiteUrl', 'value'], own) : inner);
		if (url && /linkedin\./i.test(url)) {
			evidence.add(own);
			return url;
		}
	}
	return null;
}

/** Education levels from lowest to highest, in the legacy parser's words: the one table. */
const LEVEL_WORDS: ReadonlyArray<[string, RegExp]> = [
	['school', /school|secondary/i],
	['certificate', /certific|diploma|associate/i],
	['bachelors', /bachelor/i],
	['masters', /master|mba/i],
	['doctoral', /doctor|phd/i],
];

/** A level's rank, lowest 0; -1 for none or one the table does not know. */
function levelRank(level: string | null): number {
	return level === null ? -1 : LEVEL_WORDS.findIndex(([, pattern]) => pattern.test(level));
}

/** A level in the legacy parser's word: NextGen's `Bachelor` is `bachelors`, as legacy says. */
export function levelWord(level: string | null): string | null {
	const rank = levelRank(level);
	return rank < 0 ? (level?.toLowerCase() ?? null) : LEVEL_WORDS[rank][0];
}

/** The highest degree: its accreditation as written (else its level) of the highest-level entry. */
export function highestDegree(data: IDataObject, evidence: Evidence): string | null {
	let best: { rank: number; degree: string | null; evidence: Evidence } | undefined;
	for (const entry of listOf(data.education)) {
		const own = new Evidence();
		unwrap(entry, own);
		const accreditation = field(entry, ['educationAccreditation', 'accreditation'], own);
		const level =
			nameOf(field(entry, ['educationLevel'], own), own) ??
			(isObject(accreditation) ? text(accreditation.educationLevel) : null);
		const degree =
			(isObject(accreditation) ? text(accreditation.education) : text(accreditation)) ?? level;
		const rank = levelRank(level);
		if (degree !== null && (!best || rank > best.rank)) best = { rank, degree, evidence: own };
	}
	evidence.add(best?.evidence);
	return best?.degree ?? null;
}

export function summary(data: IDataObject, evidence: Evidence): string | null {
	return text(unwrap(data.summary, evidence));
}
