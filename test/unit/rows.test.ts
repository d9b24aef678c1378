import { documentKind } from '../../nodes/shared/output/kind';
import { readRowOptions, ROW_OPTIONS } from '../../nodes/shared/output/rowOptions';
import { documentRow, RESUME_COLUMNS } from '../../nodes/shared/output/documentRows';
import {
	annotate,
	CUSTOM_TYPE_DOCUMENT,
	CUSTOM_TYPE_ROW,
	LEGACY_CV,
	NEXTGEN_COMPACT_CV,
	NEXTGEN_COMPACT_CV_OTHER_NAMES,
	NEXTGEN_CV,
	SAME_CV_ROW,
} from '../fixtures/documents/same-cv';

const FORMS = [
	['legacy', LEGACY_CV],
	['NextGen, annotated', NEXTGEN_CV],
	['NextGen, compact', NEXTGEN_COMPACT_CV],
	['NextGen, compact, the other public names', NEXTGEN_COMPACT_CV_OTHER_NAMES],
] as const;

describe('Flat Row of a resume', () => {
	test.each(FORMS)('the same CV, %s, gives exactly the default columns', (_form, document) => {
		const row = documentRow(document);
		expect(row).toEqual(SAME_CV_ROW);
		expect(Object.keys(row)).toEqual(Object.keys(SAME_CV_ROW));
	});

	test.each(FORMS)('%s: Include Fields add the same values', (_form, document) => {
		const row = documentRow(document, {
			include: [
				'country',
				'currentEmployer',
				'highestDegree',
				'languages',
				'linkedin',
				'emails',
				'phones',
				'summary',
				'fileName',
				'customIdentifier',
				'documentType',
				'workspace',
			],
			customDataPoints: ['noticePeriod'],
			listsAs: 'array',
		});
		expect(row).toEqual({
			...SAME_CV_ROW,
			skills: ['Python', 'SQL', 'Airflow'],
			country: 'United Kingdom',
			currentEmployer: 'Contoso',
			highestDegree: 'MSc Data Science',
			languages: ['English', 'French'],
			linkedin: 'https://www.linkedin.com/in/adaquinn',
			emails: ['ada@example.com', 'ada.quinn@work.example'],
			phones: ['+44 113 496 0000'],
			summary: 'Data engineer.',
			fileName: 'Ada-Quinn.pdf',
			customIdentifier: 'ats-77',
			documentType: 'typeRes1',
			workspace: 'wsRecru1',
			noticePeriod: '1 month',
		});
	});

	test('a field the document lacks is null, never a missing column', () => {
		const row = documentRow(
			{ extractor: 'resume-v4', meta: { identifier: 'x1' }, data: { candidateName: null } },
			{ include: ['country', 'linkedin'], customDataPoints: ['visaStatus'], listsAs: 'text' },
		);
		expect(row).toEqual({
			identifier: 'x1',
			fullName: null,
			firstName: null,
			lastName: null,
			email: null,
			phone: null,
			city: null,
			currentJobTitle: null,
			totalYearsExperience: null,
			skills: '',
			country: null,
			linkedin: null,
			visaStatus: null,
		});
	});

	test('without a current job, the latest one is the current job title', () => {
		const data = {
			workExperience: [
				{
					jobTitle: 'Old',
					dates: { startDate: '2010-01-01', endDate: '2012-01-01', isCurrent: false },
				},
				{
					jobTitle: 'Latest',
					dates: { startDate: '2013-01-01', endDate: '2020-01-01', isCurrent: false },
				},
			],
		};
		expect(documentRow({ extractor: 'resume', meta: {}, data }).currentJobTitle).toBe('Latest');
	});
});

describe('Confidence Threshold', () => {
	test('flags the columns whose annotations are below it, not the others', () => {
		const row = documentRow(NEXTGEN_CV, {
			include: [],
			customDataPoints: ['noticePeriod'],
			listsAs: 'text',
			threshold: 0.8,
		});
		// Quinn (0.41) is both the last name and part of the full name; the unmatched skill is left out of skills.
		expect(row).toMatchObject({
			needsReview: true,
			lowConfidenceFields: 'fullName, lastName, noticePeriod',
		});
		expect(
			documentRow(NEXTGEN_CV, {
				include: [],
				customDataPoints: [],
				listsAs: 'array',
				threshold: 0.4,
			}),
		).toMatchObject({
			needsReview: false,
			lowConfidenceFields: [],
		});
	});

	test('a value a person verified is never flagged, whatever its confidence', () => {
		const verified = structuredClone(NEXTGEN_CV) as {
			data: Record<string, Record<string, unknown>>;
		};
		const name = verified.data.candidateName.parsed as Record<string, Record<string, unknown>>;
		name.candidateNameFamily.isClientVerified = true;
		name.candidateNameFamily.isVerified = true;
		expect(
			documentRow(verified, { include: [], customDataPoints: [], listsAs: 'text', threshold: 0.8 }),
		).toMatchObject({
			needsReview: false,
			lowConfidenceFields: '',
		});
	});

	test('a value verified by a rule, not a person, is still flagged', () => {
		const ruled = structuredClone(NEXTGEN_CV) as { data: Record<string, Record<string, unknown>> };
		const name = ruled.data.candidateName.parsed as Record<string, Record<string, unknown>>;
		Object.assign(name.candidateNameFamily, { isVerified: true, isAutoVerified: true });
		expect(
			documentRow(ruled, { include: [], customDataPoints: [], listsAs: 'text', threshold: 0.8 })
				.needsReview,
		).toBe(true);
	});

	test('compact data and legacy resumes carry no confidence: nothing is flagged', () => {
		for (const document of [LEGACY_CV, NEXTGEN_COMPACT_CV])
			expect(
				documentRow(document, { include: [], customDataPoints: [], listsAs: 'text', threshold: 1 }),
			).toMatchObject({
				needsReview: false,
				lowConfidenceFields: '',
			});
	});
});

describe('Flat Row of a job description and of any other document type', () => {
	test('a job description: its columns, annotated or compact', () => {
		const data = {
			jobTitle: annotate({ name: 'Data Engineer', managementLevel: 'Mid' }, 0.9),
			organizationName: annotate('Contoso', 0.9),
			location: annotate({ city: 'Leeds', country: 'United Kingdom' }, 0.9),
			yearsExperience: annotate({ minimum: 3, maximum: 6 }, 0.7),
			skills: [annotate('Python', 0.9), annotate('SQL', 0.9)],
			languages: [annotate('English', 0.9)],
		};
		const expected = {
			identifier: 'jd1',
			jobTitle: 'Data Engineer',
			organization: 'Contoso',
			city: 'Leeds',
			yearsExperienceMin: 3,
			yearsExperienceMax: 6,
			skills: 'Python, SQL',
			languages: 'English',
		};
		const options = { include: ['languages'], customDataPoints: [], listsAs: 'text' as const };
		const document = { extractor: 'job-description', meta: { identifier: 'jd1' }, data };
		expect(documentRow(document, options)).toEqual(expected);
		expect(
			documentRow(
				{
					...document,
					data: JSON.parse(
						JSON.stringify({
							jobTitle: { name: 'Data Engineer' },
							organizationName: 'Contoso',
							location: { city: 'Leeds' },
							yearsExperience: { minimum: 3, maximum: 6 },
							skills: ['Python', 'SQL'],
							languages: ['English'],
						}),
					),
				},
				options,
			),
		).toEqual(expected);
		expect(documentRow(document, { ...options, threshold: 0.8 })).toMatchObject({
			lowConfidenceFields: 'yearsExperienceMin, yearsExperienceMax',
		});
	});

	test('a custom type: identifier, documentType, then each field unwrapped, objects one level down', () => {
		const row = documentRow(CUSTOM_TYPE_DOCUMENT, {
			include: [],
			customDataPoints: [],
			listsAs: 'text',
			threshold: 0.8,
		});
		expect(row).toEqual({
			...CUSTOM_TYPE_ROW,
			// expiryDate's 0.3 was verified by a person; workRestrictions' 0.5 is low though empty.
			needsReview: true,
			lowConfidenceFields: 'visaType, workRestrictions',
		});
	});
});

describe('which documents are resumes', () => {
	test.each([
		['resume', {}, 'resume'],
		['resume-v4', {}, 'resume'],
		['resume-v4-custom_field_type', {}, 'resume'],
		['my-custom-type', { collection: { extractor: { identifier: 'resume-v4' } } }, 'resume'],
		[
			'my-custom-type',
			{ collection: { extractor: { identifier: 'x', baseExtractor: 'resume' } } },
			'resume',
		],
		['job-description', {}, 'jobDescription'],
		['invoice', {}, 'other'],
		['resumes-of-cats', {}, 'other'],
	])('extractor %s with %j is a %s', (extractor, meta, kind) => {
		expect(documentKind({ extractor, meta })).toBe(kind);
	});
});

describe('the row options, checked before any request', () => {
	test('a threshold outside 0 to 1 is refused, naming the parameter and the value', () => {
		expect(() => readRowOptions({ confidenceThreshold: 1.5 })).toThrow(
			'Parameter "Confidence Threshold" (confidenceThreshold) is 1.5, but must be a number from 0 to 1',
		);
		expect(() => readRowOptions({ confidenceThreshold: '0.5' })).toThrow('is "0.5"');
	});

	test('an unknown Include Field is refused, naming it', () => {
		expect(() => readRowOptions({ includeFields: ['country', 'shoeSize'] })).toThrow(
			/Parameter "Include Fields" \(includeFields\) is \["shoeSize"\], but must be some of .*country/,
		);
	});

	test('every option the panel offers is read', () => {
		expect(ROW_OPTIONS.map((option) => option.name)).toEqual([
			'confidenceThreshold',
			'customDataPoints',
			'includeFields',
			'listsAs',
			'protectAgainstFormulas',
		]);
		expect(
			readRowOptions({
				confidenceThreshold: 0,
				includeFields: ['country'],
				customDataPoints: 'a, b',
				listsAs: 'array',
				protectAgainstFormulas: false,
			}),
		).toEqual({
			threshold: 0,
			include: ['country'],
			customDataPoints: ['a', 'b'],
			listsAs: 'array',
			protectAgainstFormulas: false,
		});
		const includable = ROW_OPTIONS.find((o) => o.name === 'includeFields')?.options?.map(
			(o) => (o as { value: string }).value,
		);
		expect(includable).toEqual(
			expect.arrayContaining(RESUME_COLUMNS.filter((c) => !c.byDefault).map((c) => c.name)),
		);
	});
});
