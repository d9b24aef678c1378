import type { IDataObject } from 'n8n-workflow';
import { UserError } from 'n8n-workflow';

import { metaOf, parseFailureOf } from '../service';
import { documentKind } from './kind';
import { fullName, levelWord } from './resume';
import {
	Evidence,
	field,
	isAnnotation,
	isObject,
	listOf,
	nameOf,
	numberOrNull,
	text,
	unwrap,
} from './values';

/**
 * A resume's positions, education and certifications, read once from the legacy schema
 * (`workExperience[].{jobTitle, organization, location, jobDescription, dates, occupation}`,
 * `education[].{organization, accreditation, grade, location, dates}`, `certifications[]`) or
 * NextGen's, annotated or compact (`workExperience[]` groups of `workExperienceJobTitle` or
 * `jobTitle`, `workExperienceOrganization`, `workExperienceLocation`, `workExperienceDates` or
 * `workExperienceDateRange`, `workExperienceDescription` or `jobDescription`; `education[]` groups
 * of `educationOrganization`, `educationAccreditation`, `educationLevel`, `educationGrade`,
 * `educationLocation`, `educationDates` or `educationDateRange`; certifications are education
 * entries whose level is a certificate). Sources: test/emulator/CONTRACT.md.
 */

interface Span {
	startDate: string | null;
	endDate: string | null;
	isCurrent: boolean;
	/** As the service counts them, else whole calendar months between the dates. */
	months: number | null;
}

export interface Position extends Span {
	jobTitle: string | null;
	employer: string | null;
	location: string | null;
	description: string | null;
	/** The normalised job title: legacy `occupation.jobTitleNormalized`, NextGen a mapped title. */
	occupation: string | null;
}

export interface Degree extends Span {
	institution: string | null;
	degree: string | null;
	level: string | null;
	grade: string | null;
	location: string | null;
}

export interface Certificate {
	name: string;
	issuer: string | null;
	date: string | null;
}

/** A YYYY-MM(-DD) date's month count, to subtract. */
function monthIndex(date: string | null): number | undefined {
	const match = date ? /^(\d{4})-(\d{2})/.exec(date) : null;
	return match ? Number(match[1]) * 12 + Number(match[2]) : undefined;
}

function spanOf(entry: unknown, names: readonly string[]): Span {
	const dates = field(entry, names);
	if (!isObject(dates)) return { startDate: null, endDate: null, isCurrent: false, months: null };
	const start = unwrap(dates.start);
	const end = unwrap(dates.end);
	const isCurrent =
		unwrap(dates.isCurrent) === true || (isObject(end) && unwrap(end.isCurrent) === true);
	const startDate = text(isObject(start) ? unwrap(start.date) : unwrap(dates.startDate));
	const endDate = isCurrent
		? null
		: text(isObject(end) ? unwrap(end.date) : unwrap(dates.endDate ?? dates.completionDate));
	const given = numberOrNull(unwrap(dates.monthsInPosition ?? dates.durationInMonths));
	const from = monthIndex(startDate);
	const to = monthIndex(endDate);
	const months = given ?? (from !== undefined && to !== undefined ? to - from : null);
	return { startDate, endDate, isCurrent, months };
}

/** A place as one line: the service's formatted location, else the text as written. */
function placeText(value: unknown): string | null {
	const inner = unwrap(value);
	if (!isObject(inner)) return text(inner);
	return (
		text(unwrap(inner.formatted)) ??
		text(unwrap(inner.rawInput)) ??
		(isAnnotation(value) ? text(value.raw) : null)
	);
}

/** The first of several fields of a (possibly annotated) group, as it is: an annotation stays one. */
function member(entry: unknown, names: readonly string[]): unknown {
	const group = unwrap(entry);
	if (!isObject(group)) return undefined;
	for (const name of names)
		if (group[name] !== undefined && group[name] !== null) return group[name];
	return undefined;
}

/**
 * A job title and its normalised form. Legacy: the title, and `occupation.jobTitleNormalized`.
 * NextGen maps titles only where the account asks: the mapped title is then an object (`name`,
 * `classification` …, as the published JobTitleAnnotation) and the title as written is its `raw`.
 */
function titleOf(entry: unknown): { title: string | null; occupation: string | null } {
	const value = member(entry, ['workExperienceJobTitle', 'jobTitle']);
	const inner = unwrap(value);
	const legacy = field(entry, ['occupation']);
	if (isObject(inner)) {
		const mapped = nameOf(inner);
		return { title: (isAnnotation(value) ? text(value.raw) : null) ?? mapped, occupation: mapped };
	}
	return {
		title: text(inner),
		occupation: isObject(legacy) ? text(unwrap(legacy.jobTitleNormalized)) : null,
	};
}

function positionOf(entry: unknown): Position {
	const { title, occupation } = titleOf(entry);
	return {
		jobTitle: title,
		employer: nameOf(field(entry, ['workExperienceOrganization', 'organization'])),
		location: placeText(member(entry, ['workExperienceLocation', 'location'])),
		...spanOf(entry, ['workExperienceDates', 'workExperienceDateRange', 'dates']),
		description: text(field(entry, ['workExperienceDescription', 'jobDescription'])),
		occupation,
	};
}

/** A degree, or, for a NextGen entry whose level is a certificate, a certification. */
function degreeOf(entry: unknown): Degree | Certificate {
	const accreditation = field(entry, ['educationAccreditation', 'accreditation']);
	const nextGenLevel = nameOf(field(entry, ['educationLevel']));
	const institution = text(field(entry, ['educationOrganization', 'organization']));
	const degree = isObject(accreditation)
		? text(unwrap(accreditation.education))
		: text(accreditation);
	const span = spanOf(entry, ['educationDates', 'educationDateRange', 'dates']);
	if (nextGenLevel !== null && /^certific/i.test(nextGenLevel) && (degree ?? institution)) {
		return {
			name: (degree ?? institution) as string,
			issuer: degree === null ? null : institution,
			date: span.endDate,
		};
	}
	const grade = field(entry, ['educationGrade', 'grade']);
	return {
		institution,
		degree,
		level: levelWord(
			nextGenLevel ?? (isObject(accreditation) ? text(unwrap(accreditation.educationLevel)) : null),
		),
		...span,
		grade: isObject(grade) ? text(field(grade, ['educationGradeScore', 'value'])) : text(grade),
		location: placeText(member(entry, ['educationLocation', 'location'])),
	};
}

/** Most recent first: current, then by end date, then by start date; ties keep the CV's order. */
function byRecency(a: Span, b: Span): number {
	if (a.isCurrent !== b.isCurrent) return a.isCurrent ? -1 : 1;
	if ((a.endDate === null) !== (b.endDate === null)) return a.endDate === null ? 1 : -1;
	if (a.endDate !== b.endDate) return (a.endDate as string) < (b.endDate as string) ? 1 : -1;
	if ((a.startDate === null) !== (b.startDate === null)) return a.startDate === null ? 1 : -1;
	if (a.startDate === b.startDate) return 0;
	return (a.startDate as string) < (b.startDate as string) ? 1 : -1;
}

export interface Career {
	positions: Position[];
	degrees: Degree[];
	certificates: Certificate[];
}

/** One pass over the data: positions and degrees most recent first, certifications as listed. */
export function careerOf(data: IDataObject): Career {
	const positions = listOf(data.workExperience).map(positionOf).sort(byRecency);
	const degrees: Degree[] = [];
	const certificates: Certificate[] = [];
	for (const entry of listOf(data.education)) {
		const read = degreeOf(entry);
		if ('name' in read) certificates.push(read);
		else degrees.push(read);
	}
	for (const entry of listOf(data.certifications ?? data.certification)) {
		const name = nameOf(entry);
		if (name !== null) certificates.push({ name, issuer: null, date: null });
	}
	return { positions, degrees: degrees.sort(byRecency), certificates };
}

/** Certification names, each once (the Include Fields column). */
export function certifications(data: IDataObject): string[] {
	return [...new Set(careerOf(data).certificates.map((c) => c.name))];
}

/** The normalised title of the current (else the latest) position. */
export function occupation(data: IDataObject): string | null {
	return careerOf(data).positions[0]?.occupation ?? null;
}

/** A document that is not a resume, asked for an output only resumes have. */
export class NotAResumeError extends UserError {
	constructor(document: IDataObject, outputName: string) {
		const meta = isObject(document.meta) ? document.meta : {};
		const kind = documentKind(document);
		const extractor = isObject(document.extractor)
			? document.extractor.identifier
			: document.extractor;
		const described =
			kind === 'jobDescription'
				? 'a job description'
				: `a document of type "${text(extractor) ?? text(isObject(meta.documentType) ? meta.documentType.identifier : meta.documentType) ?? 'unknown'}"`;
		super(
			`Document "${text(meta.identifier) ?? 'unknown'}" is ${described}, not a resume: Output "${outputName}" is made from resumes only. Choose Flat Row, Parsed Data or Raw Response for it, or keep other documents out (e.g. Get Many → Filters → Document Type).`,
		);
	}
}

/** A document whose parsed data is not there to read: still being parsed, or failed. */
export class NotParsedError extends UserError {
	constructor(document: IDataObject, outputName: string) {
		const identifier = text(metaOf(document).identifier) ?? 'unknown';
		const failure = parseFailureOf(document);
		super(
			failure
				? `Document "${identifier}" failed to parse (${[failure.errorCode, failure.errorDetail].filter(Boolean).join(': ')}): Output "${outputName}" needs its parsed data`
				: `Document "${identifier}" is not parsed yet: Output "${outputName}" needs its parsed data. Turn on Wait for Parsing (Upload), or get it once parsed (Document → Get).`,
		);
	}
}

/** The resume's data, or a refusal naming the document and why (not parsed; not a resume). */
export function resumeData(document: IDataObject, outputName: string): IDataObject {
	if (metaOf(document).ready === false || parseFailureOf(document))
		throw new NotParsedError(document, outputName);
	if (documentKind(document) !== 'resume') throw new NotAResumeError(document, outputName);
	return isObject(document.data) ? document.data : {};
}

function owner(document: IDataObject, data: IDataObject) {
	const meta = isObject(document.meta) ? document.meta : {};
	return { identifier: text(meta.identifier), fullName: fullName(data, new Evidence()) };
}

/** Work History: one item per position, most recent first. */
export function workHistoryItems(document: IDataObject): IDataObject[] {
	const data = resumeData(document, 'Work History');
	const who = owner(document, data);
	return careerOf(data).positions.map((p, index) => ({
		...who,
		position: index + 1,
		jobTitle: p.jobTitle,
		employer: p.employer,
		location: p.location,
		startDate: p.startDate,
		endDate: p.endDate,
		isCurrent: p.isCurrent,
		months: p.months,
		description: p.description,
	}));
}

/** Education: one item per degree (certifications aside), most recent first. */
export function educationItems(document: IDataObject): IDataObject[] {
	const data = resumeData(document, 'Education');
	const who = owner(document, data);
	return careerOf(data).degrees.map((d, index) => ({
		...who,
		position: index + 1,
		institution: d.institution,
		degree: d.degree,
		level: d.level,
		startDate: d.startDate,
		endDate: d.endDate,
		grade: d.grade,
		location: d.location,
	}));
}
