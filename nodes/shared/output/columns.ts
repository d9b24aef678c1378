import type { IDataObject } from 'n8n-workflow';

import * as job from './jobDescription';
import type { DocumentKind } from './kind';
import * as resume from './resume';
import { Evidence, isObject, text } from './values';

/**
 * The columns of a Flat Row, per kind of document: the one table the panel's Include Fields, the
 * row reader and the README's samples are made from. A column `byDefault` is in every row of its
 * kind; the others join when Include Fields names them. A column the document has no value for is
 * null, never missing, so that spreadsheet columns stay aligned.
 */

export interface Source {
	data: IDataObject;
	meta: IDataObject;
}

export interface Column {
	name: string;
	/** For Include Fields; columns in every row need none. */
	displayName?: string;
	description: string;
	byDefault: boolean;
	/** A list: one cell of text joined by ", ", or an array (Lists As). */
	list?: true;
	read: (source: Source, evidence: Evidence) => unknown;
}

const fromData =
	(reader: (data: IDataObject, evidence: Evidence) => unknown) =>
	({ data }: Source, evidence: Evidence) =>
		reader(data, evidence);

/** An identifier or name the metadata gives as text or as `{identifier, name}`. */
function metaText(key: string) {
	return ({ meta }: Source) => {
		const value = meta[key];
		return isObject(value) ? text(value.identifier) : text(value);
	};
}

const IDENTIFIER: Column = {
	name: 'identifier',
	description: "The document's identifier in Affinda",
	byDefault: true,
	read: metaText('identifier'),
};

/** Columns every kind can add. */
const META: Column[] = [
	{
		name: 'fileName',
		displayName: 'File Name',
		description: 'The name of the uploaded file',
		byDefault: false,
		read: metaText('fileName'),
	},
	{
		name: 'customIdentifier',
		displayName: 'Custom Identifier',
		description: 'The identifier given at upload (e.g. an ATS ID)',
		byDefault: false,
		read: metaText('customIdentifier'),
	},
	{
		name: 'documentType',
		displayName: 'Document Type',
		description: "The document type's identifier",
		byDefault: false,
		read: metaText('documentType'),
	},
	{
		name: 'workspace',
		displayName: 'Workspace',
		description: "The workspace's identifier",
		byDefault: false,
		read: metaText('workspace'),
	},
];

const city: Column = {
	name: 'city',
	description: 'City of the address',
	byDefault: true,
	read: fromData((data, evidence) => resume.locationPart(data, 'city', evidence)),
};
const country: Column = {
	name: 'country',
	displayName: 'Country',
	description: 'Country of the address',
	byDefault: false,
	read: fromData((data, evidence) => resume.locationPart(data, 'country', evidence)),
};

export const RESUME_COLUMNS: readonly Column[] = [
	IDENTIFIER,
	{
		name: 'fullName',
		description: 'First, middle and last name',
		byDefault: true,
		read: fromData(resume.fullName),
	},
	{
		name: 'firstName',
		description: 'First name',
		byDefault: true,
		read: fromData(resume.firstName),
	},
	{
		name: 'lastName',
		description: 'Last (family) name',
		byDefault: true,
		read: fromData(resume.lastName),
	},
	{
		name: 'email',
		description: 'The first e-mail address',
		byDefault: true,
		read: fromData(resume.email),
	},
	{
		name: 'phone',
		description: 'The first phone number',
		byDefault: true,
		read: fromData(resume.phone),
	},
	city,
	{
		name: 'currentJobTitle',
		description: 'Title of the current job, else of the latest',
		byDefault: true,
		read: fromData(resume.currentJobTitle),
	},
	{
		name: 'totalYearsExperience',
		description: 'Years of work experience (a number)',
		byDefault: true,
		read: fromData(resume.totalYearsExperience),
	},
	{
		name: 'skills',
		description: 'Skill names, each once',
		byDefault: true,
		list: true,
		read: fromData(resume.skills),
	},
	country,
	{
		name: 'currentEmployer',
		displayName: 'Current Employer',
		description: 'Employer of the current (else latest) job',
		byDefault: false,
		read: fromData(resume.currentEmployer),
	},
	{
		name: 'highestDegree',
		displayName: 'Highest Degree',
		description: 'The degree of the highest education level',
		byDefault: false,
		read: fromData(resume.highestDegree),
	},
	{
		name: 'languages',
		displayName: 'Languages',
		description: 'Languages spoken (resumes) or asked for (job descriptions)',
		byDefault: false,
		list: true,
		read: fromData(resume.languages),
	},
	{
		name: 'linkedin',
		displayName: 'LinkedIn',
		description: 'LinkedIn profile address',
		byDefault: false,
		read: fromData(resume.linkedin),
	},
	{
		name: 'emails',
		displayName: 'All Emails',
		description: 'Every e-mail address',
		byDefault: false,
		list: true,
		read: fromData(resume.emails),
	},
	{
		name: 'phones',
		displayName: 'All Phones',
		description: 'Every phone number',
		byDefault: false,
		list: true,
		read: fromData(resume.phones),
	},
	{
		name: 'summary',
		displayName: 'Summary',
		description: "The candidate's summary",
		byDefault: false,
		read: fromData(resume.summary),
	},
	...META,
];

export const JOB_DESCRIPTION_COLUMNS: readonly Column[] = [
	IDENTIFIER,
	{ name: 'jobTitle', description: 'The job title', byDefault: true, read: fromData(job.jobTitle) },
	{
		name: 'organization',
		description: 'The hiring organization',
		byDefault: true,
		read: fromData(job.organization),
	},
	city,
	{
		name: 'yearsExperienceMin',
		description: 'Years of experience asked for, at least',
		byDefault: true,
		read: fromData(job.yearsExperience('minimum')),
	},
	{
		name: 'yearsExperienceMax',
		description: 'Years of experience asked for, at most',
		byDefault: true,
		read: fromData(job.yearsExperience('maximum')),
	},
	{
		name: 'skills',
		description: 'Skills asked for',
		byDefault: true,
		list: true,
		read: fromData(job.names('skills')),
	},
	country,
	{
		name: 'languages',
		description: 'Languages asked for',
		byDefault: false,
		list: true,
		read: fromData(job.names('languages')),
	},
	...META,
];

/** Any other document type: these, then each top-level field of its data (row.ts). */
const OTHER_COLUMNS: readonly Column[] = [
	IDENTIFIER,
	{ ...(META.find((c) => c.name === 'documentType') as Column), byDefault: true },
	...META.filter((c) => c.name !== 'documentType'),
];

export const COLUMNS: Record<DocumentKind, readonly Column[]> = {
	resume: RESUME_COLUMNS,
	jobDescription: JOB_DESCRIPTION_COLUMNS,
	other: OTHER_COLUMNS,
};

/** What Include Fields offers: every column some kind leaves out by default, once. */
export function includableColumns(): Column[] {
	const byName = new Map<string, Column>();
	for (const column of [...RESUME_COLUMNS, ...JOB_DESCRIPTION_COLUMNS])
		if (!column.byDefault && !byName.has(column.name)) byName.set(column.name, column);
	return [...byName.values()];
}
