// POST /v3/documents/{identifier}/update_data: a resume takes (part of) ResumeData, a job
// description takes JobDescriptionDataUpdate (each field an annotation-like object whose `parsed`
// is the new value). Keys outside the schema are custom fields and may hold anything but an
// object. Other document kinds are refused: they are edited through annotations.

import { normaliseParsed, parsedErrors, type ContentType } from './annotations';
import {
	classificationForTitle,
	educationLevelFor,
	managementLevelForTitle,
	placeLocation,
} from './data/normalise';
import type {
	JobDescriptionFields,
	Location,
	ResumeData,
	ResumeEducation,
	ResumeSkill,
	ResumeWorkExperience,
} from './data/types';
import { fieldError, validationError, type ErrorItem } from './http';
import type { EducationLevel } from './search-body';
import type { DocumentData, StoredDocument } from './store';
import { arrayOf, bool, objectOf, str, validate, type Schema } from './validation';

const nullableString: Schema = { type: 'string', nullable: true };
const anything: Schema = { type: 'any' };
const strings = arrayOf(str());
/** A custom field's value: anything but an object. */
const customValue: Schema = {
	type: 'anyOf',
	nullable: true,
	options: [
		{ type: 'string' },
		{ type: 'number' },
		{ type: 'boolean' },
		{ type: 'array', items: anything },
	],
	description: 'a string, number, boolean or list (custom fields hold no objects)',
};

const locationSchema: Schema = objectOf(
	{
		formatted: nullableString,
		postalCode: nullableString,
		state: nullableString,
		stateCode: nullableString,
		country: nullableString,
		countryCode: nullableString,
		rawInput: str(),
		streetNumber: nullableString,
		street: nullableString,
		apartmentNumber: nullableString,
		city: nullableString,
		latitude: { type: 'number', nullable: true },
		longitude: { type: 'number', nullable: true },
		poBox: nullableString,
	},
	{ nullable: true, required: ['rawInput'] },
);
const dateSchema: Schema = { type: 'string', nullable: true, format: 'date-time' };

/** Fields the service computes; sent back, they are ignored rather than refused. */
const READ_ONLY_RESUME_FIELDS = [
	'languageCodes',
	'headShot',
	'profession',
	'linkedin',
	'sections',
	'isResumeProbability',
];

const RESUME_UPDATE: Schema = objectOf(
	{
		name: objectOf(
			{ raw: str(), first: str(), last: str(), middle: str(), title: str() },
			{ nullable: true },
		),
		phoneNumbers: strings,
		phoneNumberDetails: arrayOf(anything),
		websites: strings,
		emails: strings,
		dateOfBirth: nullableString,
		location: locationSchema,
		objective: nullableString,
		languages: strings,
		summary: nullableString,
		totalYearsExperience: { type: 'integer', minimum: 0, nullable: true },
		education: arrayOf(
			objectOf({
				id: { type: 'integer', minimum: 1 },
				organization: nullableString,
				accreditation: objectOf(
					{
						education: str(),
						inputStr: str(),
						matchStr: nullableString,
						educationLevel: nullableString,
					},
					{ nullable: true },
				),
				grade: { type: 'object', properties: {}, additionalProperties: anything, nullable: true },
				location: locationSchema,
				dates: objectOf(
					{ completionDate: dateSchema, isCurrent: bool, startDate: dateSchema, rawText: str() },
					{ nullable: true },
				),
			}),
		),
		workExperience: arrayOf(
			objectOf({
				id: { type: 'integer', minimum: 1 },
				jobTitle: nullableString,
				socCode: nullableString,
				socName: nullableString,
				organization: nullableString,
				industry: nullableString,
				location: locationSchema,
				jobDescription: nullableString,
				dates: objectOf(
					{
						startDate: dateSchema,
						endDate: dateSchema,
						monthsInPosition: { type: 'integer', minimum: 0, nullable: true },
						isCurrent: bool,
						rawText: str(),
					},
					{ nullable: true },
				),
				occupation: anything,
			}),
		),
		skills: arrayOf(
			objectOf(
				{
					id: { type: 'integer', minimum: 1 },
					emsiId: nullableString,
					name: str(),
					lastUsed: nullableString,
					numberOfMonths: { type: 'integer', minimum: 0, nullable: true },
					type: str(),
					count: { type: 'integer', minimum: 0, nullable: true },
					weighting: { type: 'number', nullable: true },
					sources: arrayOf(anything),
				},
				{ required: ['name'] },
			),
		),
		certifications: strings,
		publications: strings,
		referees: arrayOf(objectOf({}, { additionalProperties: anything })),
		rawText: str(),
		redactedText: str(),
		...Object.fromEntries(READ_ONLY_RESUME_FIELDS.map((k) => [k, anything])),
	},
	{ additionalProperties: customValue },
);

function placed(location: Partial<Location> | null | undefined): Location | null {
	if (!location) return null;
	return {
		...placeLocation(location.rawInput ?? ''),
		...Object.fromEntries(
			Object.entries(location).filter(([, v]) => v !== null && v !== undefined),
		),
	} as Location;
}

/** Completes what the service would derive for edited resume entries. */
function completeResume(update: Record<string, unknown>): Partial<ResumeData> {
	const out: Record<string, unknown> = { ...update };
	for (const key of READ_ONLY_RESUME_FIELDS) delete out[key];
	if ('location' in update) out.location = placed(update.location as Location | null);
	if (Array.isArray(update.workExperience)) {
		out.workExperience = (update.workExperience as Array<Partial<ResumeWorkExperience>>).map(
			(job, i): ResumeWorkExperience => {
				const title = job.jobTitle ?? null;
				const classification = title ? classificationForTitle(title) : null;
				return {
					id: job.id ?? i + 1,
					jobTitle: title,
					socCode: job.socCode ?? (classification ? String(classification.socCode) : null),
					socName: job.socName ?? classification?.title ?? null,
					organization: job.organization ?? null,
					industry: job.industry ?? null,
					location: placed(job.location),
					jobDescription: job.jobDescription ?? null,
					dates: job.dates ?? null,
					occupation: {
						jobTitle: title,
						jobTitleNormalized: title,
						emsiId: null,
						managementLevel: title ? managementLevelForTitle(title) : null,
						classification,
					},
				};
			},
		);
	}
	if (Array.isArray(update.education)) {
		out.education = (update.education as Array<Partial<ResumeEducation>>).map(
			(study, i): ResumeEducation => ({
				id: study.id ?? i + 1,
				organization: study.organization ?? null,
				accreditation: study.accreditation
					? {
							education: study.accreditation.education,
							inputStr: study.accreditation.inputStr ?? study.accreditation.education,
							matchStr: study.accreditation.matchStr ?? study.accreditation.education,
							educationLevel:
								(study.accreditation.educationLevel as EducationLevel | null | undefined) ??
								educationLevelFor(study.accreditation.education),
						}
					: null,
				grade: null,
				location: placed(study.location),
				dates: study.dates ?? null,
			}),
		);
	}
	if (Array.isArray(update.skills)) {
		out.skills = (update.skills as Array<Partial<ResumeSkill>>).map(
			(skill, i): ResumeSkill => ({
				id: skill.id ?? i + 1,
				emsiId: skill.emsiId ?? null,
				name: skill.name ?? '',
				lastUsed: skill.lastUsed ?? null,
				numberOfMonths: skill.numberOfMonths ?? null,
				type: skill.type ?? 'Specialized Skill',
				count: skill.count ?? null,
				weighting: skill.weighting ?? null,
				sources: (skill.sources as ResumeSkill['sources']) ?? [],
			}),
		);
	}
	return out as Partial<ResumeData>;
}

/** JobDescriptionDataUpdate's fields and the kind of value each annotation holds. */
const JD_FIELDS: Record<string, { contentType: ContentType; list?: true }> = {
	jobTitle: { contentType: 'jobtitle' },
	contactEmail: { contentType: 'text' },
	contactName: { contentType: 'text' },
	contactPhone: { contentType: 'text' },
	startDate: { contentType: 'date' },
	endDate: { contentType: 'date' },
	jobType: { contentType: 'text' },
	languages: { contentType: 'language', list: true },
	skills: { contentType: 'skill', list: true },
	organizationName: { contentType: 'text' },
	organizationWebsite: { contentType: 'text' },
	educationLevel: { contentType: 'text' },
	educationAccreditation: { contentType: 'text' },
	expectedRemuneration: { contentType: 'expectedremuneration' },
	location: { contentType: 'location' },
	certifications: { contentType: 'text', list: true },
	yearsExperience: { contentType: 'yearsexperience' },
};

const annotationUpdate: Schema = {
	type: 'object',
	properties: {},
	additionalProperties: anything,
	nullable: true,
};

const JD_UPDATE: Schema = objectOf(
	Object.fromEntries(
		Object.entries(JD_FIELDS).map(([key, f]) => [
			key,
			f.list ? arrayOf(annotationUpdate) : annotationUpdate,
		]),
	),
	{ additionalProperties: customValue },
);

function jobDescriptionUpdate(update: Record<string, unknown>): Partial<JobDescriptionFields> {
	const errors: ErrorItem[] = [];
	const out: Record<string, unknown> = {};
	const valueOf = (item: Record<string, unknown> | null): unknown =>
		item === null ? null : item.parsed !== undefined ? item.parsed : (item.raw ?? null);
	for (const [key, value] of Object.entries(update)) {
		const field = JD_FIELDS[key];
		if (!field) {
			out[key] = value;
			continue;
		}
		const items = field.list
			? (value as Array<Record<string, unknown>>)
			: [value as Record<string, unknown> | null];
		const parsed = items.map((item, i) => {
			const v = valueOf(item);
			const attr = field.list ? `${key}.${i}.parsed` : `${key}.parsed`;
			errors.push(...parsedErrors(field.contentType, v, attr));
			return normaliseParsed(field.contentType, [key], v);
		});
		out[key] = field.list ? parsed.filter((p) => p !== null) : parsed[0];
	}
	if (errors.length > 0) throw validationError(errors);
	if (typeof out.educationLevel === 'string')
		out.educationLevel = educationLevelFor(out.educationLevel) ?? out.educationLevel;
	return out as Partial<JobDescriptionFields>;
}

/** The document's data after the update (the caller stores it). */
export function updatedData(doc: StoredDocument, body: unknown): DocumentData {
	if (doc.extractor !== 'resume' && doc.extractor !== 'job-description') {
		throw fieldError(
			'non_field_errors',
			'invalid',
			`update_data is only applicable for resumes and job descriptions; document ${doc.identifier} is a "${doc.extractor}" document. Use PATCH /v3/annotations/{id} or POST /v3/annotations/batch_update instead.`,
		);
	}
	const schema = doc.extractor === 'resume' ? RESUME_UPDATE : JD_UPDATE;
	const errors = validate(body, schema);
	if (errors.length > 0) throw validationError(errors);
	const update = body as Record<string, unknown>;
	const changes =
		doc.extractor === 'resume' ? completeResume(update) : jobDescriptionUpdate(update);
	return { ...(doc.data as DocumentData), ...changes } as DocumentData;
}
