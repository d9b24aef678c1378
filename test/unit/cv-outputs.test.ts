import { validate } from '@jsonresume/schema';

import { documentRow } from '../../nodes/shared/output/documentRows';
import { educationItems, NotAResumeError, workHistoryItems } from '../../nodes/shared/output/cv';
import { jsonResumeItems } from '../../nodes/shared/output/jsonResume';
import {
	RICH_CV_EDUCATION,
	RICH_CV_JSON_RESUME,
	RICH_CV_WORK_HISTORY,
	RICH_LEGACY_CV,
	RICH_NEXTGEN_COMPACT_CV,
	RICH_NEXTGEN_CV,
	RICH_NEXTGEN_MAPPED_CV,
} from '../fixtures/documents/rich-cv';
import { CUSTOM_TYPE_DOCUMENT, LEGACY_CV } from '../fixtures/documents/same-cv';

const FORMS = [
	['legacy', RICH_LEGACY_CV],
	['NextGen, annotated', RICH_NEXTGEN_CV],
	['NextGen, compact (other public names, other order)', RICH_NEXTGEN_COMPACT_CV],
] as const;

const WORK_HISTORY_COLUMNS = [
	'identifier',
	'fullName',
	'position',
	'jobTitle',
	'employer',
	'location',
	'startDate',
	'endDate',
	'isCurrent',
	'months',
	'description',
];
const EDUCATION_COLUMNS = [
	'identifier',
	'fullName',
	'position',
	'institution',
	'degree',
	'level',
	'startDate',
	'endDate',
	'grade',
	'location',
];

/** The published schema's own validator: its errors, or none. */
function schemaErrors(resume: unknown): unknown[] {
	let found: unknown[] = [];
	validate(resume, (errors: unknown[] | null) => {
		found = errors ?? [];
	});
	return found;
}

describe('Work History', () => {
	test.each(FORMS)(
		'%s: one item per position, most recent first, exactly these columns',
		(_form, document) => {
			const items = workHistoryItems(document);
			expect(items).toEqual(RICH_CV_WORK_HISTORY);
			for (const item of items) expect(Object.keys(item)).toEqual(WORK_HISTORY_COLUMNS);
		},
	);

	test("months: the service's count where it gives one, else whole months between the dates", () => {
		const [, , yearsOnly] = workHistoryItems(RICH_LEGACY_CV);
		// The legacy CV gives no monthsInPosition for 2012-01-01 → 2015-01-01.
		expect(yearsOnly).toMatchObject({ startDate: '2012-01-01', endDate: '2015-01-01', months: 36 });
	});

	test('a current position has no end date, whatever end the service put beside isCurrent', () => {
		const document = {
			...RICH_LEGACY_CV,
			data: {
				workExperience: [
					{
						jobTitle: 'Lead',
						dates: { startDate: '2020-01-01', endDate: '2024-01-01', isCurrent: true },
					},
				],
			},
		};
		expect(workHistoryItems(document)[0]).toMatchObject({
			endDate: null,
			isCurrent: true,
			months: null,
		});
	});

	test("ties keep the CV's order; a position without dates comes last", () => {
		const job = (jobTitle: string, dates: object | null) => ({ jobTitle, dates });
		const same = { startDate: '2019-01-01', endDate: '2020-01-01', isCurrent: false };
		const document = {
			...RICH_LEGACY_CV,
			data: {
				workExperience: [
					job('Undated', null),
					job('First', same),
					job('Second', same),
					job('Current', { startDate: '2021-01-01', isCurrent: true }),
				],
			},
		};
		expect(workHistoryItems(document).map((item) => [item.position, item.jobTitle])).toEqual([
			[1, 'Current'],
			[2, 'First'],
			[3, 'Second'],
			[4, 'Undated'],
		]);
	});

	test('a resume without positions gives no items; a value the CV lacks is null', () => {
		expect(workHistoryItems({ ...RICH_LEGACY_CV, data: { workExperience: [] } })).toEqual([]);
		expect(workHistoryItems({ ...RICH_LEGACY_CV, data: {} })).toEqual([]);
		const [item] = workHistoryItems({ ...RICH_LEGACY_CV, data: { workExperience: [{}] } });
		expect(item).toEqual({
			identifier: 'cvTimS01',
			fullName: null,
			position: 1,
			jobTitle: null,
			employer: null,
			location: null,
			startDate: null,
			endDate: null,
			isCurrent: false,
			months: null,
			description: null,
		});
	});
});

describe('Education', () => {
	test.each(FORMS)(
		'%s: one item per degree, the certification not among them',
		(_form, document) => {
			const items = educationItems(document);
			expect(items).toEqual(RICH_CV_EDUCATION);
			for (const item of items) expect(Object.keys(item)).toEqual(EDUCATION_COLUMNS);
		},
	);

	test("level: NextGen's word in the legacy parser's (Bachelor → bachelors, Doctorate → doctoral)", () => {
		const entry = (label: string) => ({
			educationOrganization: 'U',
			educationLevel: { label, value: label },
		});
		const document = {
			...RICH_NEXTGEN_COMPACT_CV,
			data: { education: [entry('Doctorate'), entry('High School'), entry('Vocational')] },
		};
		expect(educationItems(document).map((item) => item.level)).toEqual([
			'doctoral',
			'school',
			'vocational',
		]);
	});
});

describe('JSON Resume', () => {
	test.each(FORMS)('%s: one document, valid against @jsonresume/schema', (_form, document) => {
		const items = jsonResumeItems(document);
		expect(items).toEqual([RICH_CV_JSON_RESUME]);
		expect(schemaErrors(items[0])).toEqual([]);
	});

	test('a value the CV lacks is left out (the schema has no nulls)', () => {
		const [resume] = jsonResumeItems({ ...RICH_LEGACY_CV, data: { name: { raw: 'Jo' } } });
		expect(resume).toEqual({ basics: { name: 'Jo' }, meta: { affindaIdentifier: 'cvTimS01' } });
		expect(schemaErrors(resume)).toEqual([]);
	});

	test('the schema package rejects what the node never writes (the check is real)', () => {
		expect(schemaErrors({ basics: { name: null } })).not.toEqual([]);
		expect(schemaErrors({ work: [{ startDate: 'May 2018' }] })).not.toEqual([]);
	});

	test('a date that is not YYYY(-MM(-DD)) and an address with spaces are left out', () => {
		const [resume] = jsonResumeItems({
			...RICH_LEGACY_CV,
			data: {
				websites: ['my site'],
				workExperience: [
					{ jobTitle: 'Lead', dates: { startDate: 'Spring 2019', endDate: '2020-02' } },
				],
			},
		});
		expect(resume.work).toEqual([{ position: 'Lead', endDate: '2020-02' }]);
		expect(resume.basics).toEqual({ label: 'Lead' });
		expect(schemaErrors(resume)).toEqual([]);
	});
});

describe('Flat Row: certifications and occupation', () => {
	test.each(FORMS)('%s: certifications, following Lists As', (_form, document) => {
		const include = { include: ['certifications'], customDataPoints: [] };
		expect(documentRow(document, { ...include, listsAs: 'text' }).certifications).toBe(
			'Certificate in AWS',
		);
		expect(documentRow(document, { ...include, listsAs: 'array' }).certifications).toEqual([
			'Certificate in AWS',
		]);
	});

	test("occupation: legacy, the current position's normalised title", () => {
		const row = documentRow(RICH_LEGACY_CV, {
			include: ['occupation'],
			customDataPoints: [],
			listsAs: 'text',
		});
		expect(row.occupation).toBe('Software Developer');
	});

	test("occupation: legacy without a current position, the latest one's", () => {
		const data = RICH_LEGACY_CV.data as { workExperience: object[] };
		const ended = {
			...RICH_LEGACY_CV,
			data: { workExperience: [data.workExperience[0], data.workExperience[3]] },
		};
		expect(
			documentRow(ended, { include: ['occupation'], customDataPoints: [], listsAs: 'text' })
				.occupation,
		).toBe('Software Developer');
		const older = { ...RICH_LEGACY_CV, data: { workExperience: [data.workExperience[3]] } };
		expect(
			documentRow(older, { include: ['occupation'], customDataPoints: [], listsAs: 'text' })
				.occupation,
		).toBe('Retail Assistant');
	});

	test.each([
		['NextGen, titles not mapped (the default)', RICH_NEXTGEN_CV, null],
		['NextGen, compact, titles not mapped', RICH_NEXTGEN_COMPACT_CV, null],
		['NextGen, the account maps job titles', RICH_NEXTGEN_MAPPED_CV, 'Software Developer'],
	])('occupation: %s', (_form, document, expected) => {
		expect(
			documentRow(document, { include: ['occupation'], customDataPoints: [], listsAs: 'text' })
				.occupation,
		).toBe(expected);
	});

	test('a mapped NextGen title: Work History keeps the title as written', () => {
		expect(workHistoryItems(RICH_NEXTGEN_MAPPED_CV)[0].jobTitle).toBe('Sr. Software Developer');
	});
});

describe('a document not parsed', () => {
	test('still being parsed (Upload without Wait): refused, saying how to get it parsed', () => {
		const pending = { meta: { identifier: 'cvNew001', ready: false }, data: null, extractor: null };
		expect(() => workHistoryItems(pending)).toThrow(
			'Document "cvNew001" is not parsed yet: Output "Work History" needs its parsed data. Turn on Wait for Parsing',
		);
	});

	test('failed: refused, with what Affinda said', () => {
		const failed = {
			...RICH_LEGACY_CV,
			meta: { identifier: 'cvBad001', ready: true, failed: true },
			error: { errorCode: 'file_corrupted', errorDetail: 'The file is corrupted' },
		};
		expect(() => jsonResumeItems(failed)).toThrow(
			'Document "cvBad001" failed to parse (file_corrupted: The file is corrupted): Output "JSON Resume"',
		);
	});
});

describe('a document that is not a resume', () => {
	const jobDescription = {
		...LEGACY_CV,
		extractor: 'job-description',
		meta: { identifier: 'jdBack01' },
	};

	test.each([
		['Work History', workHistoryItems],
		['Education', educationItems],
		['JSON Resume', jsonResumeItems],
	] as const)('%s is refused, naming the document and its kind', (name, items) => {
		expect(() => items(jobDescription)).toThrow(NotAResumeError);
		expect(() => items(jobDescription)).toThrow(
			`Document "jdBack01" is a job description, not a resume: Output "${name}"`,
		);
		expect(() => items(CUSTOM_TYPE_DOCUMENT)).toThrow(
			'Document "rtwDoc01" is a document of type "right-to-work-check", not a resume',
		);
	});
});
