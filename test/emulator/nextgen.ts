// NextGen resumes on the wire. The emulator keeps every resume in the legacy schema (search,
// matching and update_data read it); a document of a NextGen document type is shown in NextGen's
// schema: its field names, each value an annotation object unless `compact` (CONTRACT.md, "Resume
// data: legacy and NextGen"). Values the emulator keeps an annotation for carry it (id, confidence,
// verification: PATCH /v3/annotations/{id} shows here); the rest are annotated with `id: null`
// and the confidence of the annotation they belong to.

import type { AnnotationRecord } from './annotations';
import { CUSTOM_DATA_POINTS, type Location, type ResumeData } from './data/types';
import type { Store, StoredDocument } from './store';

type Json = Record<string, unknown>;

interface Annotate {
	(parsed: unknown, like?: AnnotationRecord, raw?: string | null, contentType?: string): Json;
}

type AnnotationView = (record: AnnotationRecord) => Json;

function annotator(
	doc: StoredDocument,
	byPath: Map<string, AnnotationRecord>,
	annotationView: AnnotationView,
) {
	const of = (path: string) => byPath.get(path);
	const annotate: Annotate = (parsed, like, raw, contentType) => {
		const base = like
			? annotationView(like)
			: {
					id: null,
					rectangle: null,
					rectangles: [],
					document: doc.identifier,
					pageIndex: 0,
					confidence: 0.9,
					classificationConfidence: 0.9,
					textExtractionConfidence: 1,
					isVerified: false,
					isClientVerified: false,
					isAutoVerified: false,
					dataPoint: null,
					field: null,
					parent: null,
				};
		return {
			...base,
			raw:
				raw !== undefined
					? raw
					: typeof parsed === 'string'
						? parsed
						: ((base as Json).raw ?? null),
			parsed,
			verifiedBy: null,
			contentType: contentType ?? (like ? like.contentType : 'text'),
		};
	};
	/** A value derived from an annotated one: its evidence, but no id of its own. */
	const derived: Annotate = (parsed, like, raw, contentType) => {
		const out = annotate(parsed, like, raw, contentType);
		return like ? { ...out, id: null } : out;
	};
	return { of, annotate, derived };
}

function dateRange(
	start: string | null,
	end: string | null,
	isCurrent: boolean,
	months: number | null,
) {
	const point = (date: string | null, current: boolean) => ({
		date,
		year: date ? Number(date.slice(0, 4)) : null,
		month: date ? Number(date.slice(5, 7)) : null,
		day: null,
		isCurrent: current,
	});
	return { start: point(start, false), end: point(end, isCurrent), durationInMonths: months };
}

/** Education levels as NextGen words them (the legacy parser's `certificate` covers diplomas). */
const NEXTGEN_LEVELS: Record<string, string> = {
	school: 'High School',
	certificate: 'Diploma',
	bachelors: 'Bachelor',
	masters: 'Masters',
	doctoral: 'Doctorate',
};

/** The resume's data in NextGen's schema, annotated. */
export function nextGenResume(
	store: Store,
	doc: StoredDocument,
	annotationView: AnnotationView,
): Json {
	const data = doc.data as ResumeData;
	const byPath = new Map(store.annotationsOf(doc).map((a) => [a.path.join('.'), a]));
	const { of, annotate, derived } = annotator(doc, byPath, annotationView);
	const name = data.name;
	const nameRecord = of('name');
	const group = (parsed: Json, raw: string | null) =>
		({
			...annotate(parsed, undefined, raw, 'group'),
			confidence: 1,
			classificationConfidence: 1,
		}) as Json;
	const location = (value: Location | null, like?: AnnotationRecord) =>
		value ? derived(value, like, value.rawInput, 'location') : null;
	const out: Json = {
		candidateName: name
			? {
					...annotate(
						{
							candidateNameTitle: name.title ? derived(name.title, nameRecord) : null,
							candidateNameFirst: name.first ? derived(name.first, nameRecord) : null,
							candidateNameMiddle: name.middle ? derived(name.middle, nameRecord) : null,
							candidateNameFamily: name.last ? derived(name.last, nameRecord) : null,
						},
						nameRecord,
						name.raw,
						'group',
					),
				}
			: null,
		email: data.emails.map((email, i) => annotate(email, of(`emails.${i}`))),
		phoneNumber: data.phoneNumbers.map((phone, i) =>
			annotate({ rawText: phone, formattedNumber: phone }, of(`phoneNumbers.${i}`), phone),
		),
		website: [...data.websites, ...(data.linkedin ? [data.linkedin] : [])].map((url) =>
			annotate(
				{ url, type: /linkedin\./i.test(url) ? 'linkedin' : 'other' },
				undefined,
				url,
				'url',
			),
		),
		location: data.location
			? annotate(data.location, of('location'), data.location.rawInput)
			: null,
		dateOfBirth: data.dateOfBirth
			? annotate(data.dateOfBirth, undefined, data.dateOfBirth, 'date')
			: null,
		objective: data.objective ? annotate(data.objective) : null,
		summary: data.summary ? annotate(data.summary) : null,
		totalYearsExperience:
			data.totalYearsExperience === null
				? null
				: annotate(data.totalYearsExperience, of('totalYearsExperience'), null, 'float'),
		workExperience: data.workExperience.map((job, i) => {
			const title = of(`workExperience.${i}.jobTitle`);
			return group(
				{
					jobTitle: job.jobTitle ? annotate(job.jobTitle, title) : null,
					workExperienceOrganization: job.organization ? derived(job.organization, title) : null,
					workExperienceLocation: location(job.location, title),
					workExperienceDateRange: job.dates
						? derived(
								dateRange(
									job.dates.startDate,
									job.dates.endDate,
									job.dates.isCurrent,
									job.dates.monthsInPosition,
								),
								title,
								job.dates.rawText,
								'daterange',
							)
						: null,
					jobDescription: job.jobDescription ? derived(job.jobDescription, title) : null,
				},
				job.dates?.rawText ?? job.jobTitle,
			);
		}),
		education: [
			...data.education.map((entry, i) => {
				const organization = of(`education.${i}.organization`);
				const level = entry.accreditation?.educationLevel ?? null;
				const grade = entry.grade?.value ?? null;
				return group(
					{
						educationOrganization: entry.organization
							? annotate(entry.organization, organization)
							: null,
						educationAccreditation: entry.accreditation
							? derived(entry.accreditation.education, organization)
							: null,
						educationLevel: level
							? derived(
									{ label: NEXTGEN_LEVELS[level], value: NEXTGEN_LEVELS[level] },
									organization,
									null,
									'enum',
								)
							: null,
						educationGrade:
							grade === null
								? null
								: derived(
										{
											educationGradeScore: grade,
											gradeUnit: entry.grade?.metric
												? { label: entry.grade.metric, value: entry.grade.metric }
												: null,
										},
										organization,
										entry.grade?.raw ?? grade,
										'group',
									),
						educationLocation: location(entry.location, organization),
						educationDateRange: entry.dates
							? derived(
									dateRange(
										entry.dates.startDate,
										entry.dates.completionDate,
										entry.dates.isCurrent,
										null,
									),
									organization,
									entry.dates.rawText,
									'daterange',
								)
							: null,
					},
					entry.organization,
				);
			}),
			// NextGen has no certifications field: they are education entries of level Certificate.
			...data.certifications.map((name) =>
				group(
					{
						educationAccreditation: annotate(name),
						educationLevel: derived(
							{ label: 'Certificate', value: 'Certificate' },
							undefined,
							null,
							'enum',
						),
					},
					name,
				),
			),
		],
		skill: data.skills.map((skill, i) =>
			annotate(
				{ name: skill.name, type: skill.type, emsiId: skill.emsiId },
				of(`skills.${i}.name`),
				skill.name,
				'skill',
			),
		),
		language: data.languages.map((language, i) => {
			const record = of(`languages.${i}`);
			return annotate(
				{ languageName: derived({ label: language, value: language }, record, null, 'enum') },
				record,
				language,
				'group',
			);
		}),
		rawText: data.rawText,
	};
	// Custom data points stay under their slugs, annotated.
	for (const { slug } of CUSTOM_DATA_POINTS) {
		const value = data[slug];
		if (value !== undefined) out[slug] = value === null ? null : annotate(value, of(slug));
	}
	return out;
}

/** What `compact=true` shows: every annotation replaced by its `parsed` value. */
export function valuesOnly(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(valuesOnly);
	if (value && typeof value === 'object') {
		const object = value as Json;
		if ('parsed' in object && 'confidence' in object) return valuesOnly(object.parsed);
		return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, valuesOnly(v)]));
	}
	return value;
}
