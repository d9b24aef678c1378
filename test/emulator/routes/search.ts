// Resume search and job description search detail (routes/match.ts serves the other direction and
// the pair score). The body is checked against its schema (the field table: types, enums, bounds,
// unknown fields), then against the rules beyond the schema, then against the store (indices,
// documents, custom data points), then ranked.

import type { App } from '../app';
import { CUSTOM_DATA_POINTS, type JobDescriptionFields, type ResumeData } from '../data/types';
import {
	DEFAULT_PAGE_SIZE,
	notFound,
	pageOf,
	pagingOf,
	validationError,
	type ErrorItem,
	type PageRequest,
} from '../http';
import { criteriaOf, customDataSlug, type Criterion } from '../ranking/criteria';
import { criteriaFromJobDescription, criteriaFromResume } from '../ranking/derive';
import { jobDescriptionDetail } from '../ranking/job-description-detail';
import type { ResumeProfile } from '../ranking/profile';
import { explain, rank, round, type Ranked } from '../ranking/rank';
import { compileSearchExpression } from '../ranking/search-expression';
import type { Router, RequestContext, Reply } from '../router';
import {
	searchBodyRuleErrors,
	searchBodySchema,
	type ApiVersion,
	type SearchBody,
	type SearchBodyKind,
} from '../search-body';
import type { IndexDocType, StoredDocument } from '../store';
import { validate, withoutUnknownFields } from '../validation';
import { mediaUrl } from '../views';

/** Query, schema and rule errors in one 400 like the service's validation_error. */
export function readSearchBody(
	ctx: RequestContext,
	kind: SearchBodyKind,
	version: ApiVersion,
	maxLimit?: number,
): { body: SearchBody; page: PageRequest } {
	const errors: ErrorItem[] = [];
	const page =
		maxLimit === undefined
			? { limit: DEFAULT_PAGE_SIZE, offset: 0 }
			: pagingOf(ctx.query, maxLimit, errors);
	const schema = searchBodySchema(kind, version);
	const sent = ctx.json();
	const schemaErrors = validate(sent, schema);
	errors.push(...schemaErrors);
	if (schemaErrors.length > 0) throw validationError(errors);
	const body = withoutUnknownFields(sent, schema) as SearchBody | null;
	errors.push(...searchBodyRuleErrors(body));
	if (errors.length > 0 || body === null) throw validationError(errors);
	return { body, page };
}

/** A ready, parsed document of the expected kind, for jobDescription/resume references. */
function referencedDocument(
	app: App,
	identifier: string | null | undefined,
	extractor: StoredDocument['extractor'],
	attr: string,
	errors: ErrorItem[],
): StoredDocument | undefined {
	if (!identifier) return undefined;
	const doc = app.store.document(identifier);
	if (!doc || doc.extractor !== extractor || !app.store.isReady(doc) || doc.failed) {
		errors.push({
			attr,
			code: 'does_not_exist',
			detail: `Object with identifier=${identifier} does not exist.`,
		});
		return undefined;
	}
	return doc;
}

/** Checks what only the store can tell: indices, referenced documents, custom data points. */
export function checkReferences(
	app: App,
	body: SearchBody,
	docType: IndexDocType,
): { jobDescription?: StoredDocument; resume?: StoredDocument } {
	const errors: ErrorItem[] = [];
	for (const name of body.indices) {
		const index = app.store.indices.get(name);
		if (!index)
			errors.push({
				attr: 'indices',
				code: 'does_not_exist',
				detail: `Index "${name}" does not exist.`,
			});
		else if (index.docType !== docType)
			errors.push({
				attr: 'indices',
				code: 'invalid',
				detail: `Index "${name}" holds ${index.docType}, not ${docType}.`,
			});
	}
	if (body.jobDescription && body.resume) {
		errors.push({
			attr: 'non_field_errors',
			code: 'invalid',
			detail: 'Give only one of jobDescription and resume (or custom criteria alone).',
		});
	}
	const jobDescription = referencedDocument(
		app,
		body.jobDescription,
		'job-description',
		'jobDescription',
		errors,
	);
	const resume = referencedDocument(app, body.resume, 'resume', 'resume', errors);
	(body.customData ?? []).forEach((filter, i) => {
		const slug = customDataSlug(filter);
		const attr = `customData.${i}.${filter.field != null ? 'field' : 'dataPoint'}`;
		const point = CUSTOM_DATA_POINTS.find((p) => p.slug === slug);
		if (!point) {
			errors.push({
				attr,
				code: 'does_not_exist',
				detail: `No custom data point "${slug}". Known: ${CUSTOM_DATA_POINTS.map((p) => p.slug).join(', ')}.`,
			});
		} else if (
			filter.filterType === 'range' &&
			(point.type === 'text' || point.type === 'boolean')
		) {
			errors.push({
				attr: `customData.${i}.filterType`,
				code: 'invalid',
				detail: `Data points of "${point.type}" type support only "equals".`,
			});
		} else if (filter.filterType === 'equals') {
			const value = filter.query.value;
			const expected =
				point.type === 'boolean' ? 'boolean' : point.type === 'text' ? 'string' : 'number';
			if (typeof value !== expected)
				errors.push({
					attr: `customData.${i}.query`,
					code: 'invalid',
					detail: `"${slug}" holds a ${expected}; the query value must be one.`,
				});
		}
	});
	if (body.searchExpression?.trim()) {
		try {
			compileSearchExpression(body.searchExpression);
		} catch (error) {
			errors.push({
				attr: 'searchExpression',
				code: 'invalid',
				detail: `Invalid search expression: ${(error as Error).message}`,
			});
		}
	}
	if (errors.length > 0) throw validationError(errors);
	return { jobDescription, resume };
}

function resumeSearch(app: App, version: ApiVersion, status: number) {
	return (ctx: RequestContext): Reply => {
		const { store } = app;
		const { body, page } = readSearchBody(ctx, 'resumeSearch', version, 50);
		const { jobDescription, resume } = checkReferences(app, body, 'resumes');
		const criteria = criteriaOf(resumeSearchCriteria(app, body, jobDescription, resume));
		// Each as its index took it in: a change since is not seen until the document is re-indexed.
		const candidates = store
			.indexed(body.indices)
			.filter(({ doc }) => doc !== resume)
			.map(({ doc, profile }) => ({ doc, profile: profile() }));
		return {
			status,
			body: rankedPage(ctx, page, body, rank(candidates, criteria), criteria, ({ profile }) => ({
				name: profile.name,
			})),
		};
	};
}

/**
 * One page of a search answer, `{count, next, previous, parameters, results}`: each result its
 * identifier, score and PDF, what `own` adds for its kind of document, and its scored components.
 */
export function rankedPage<C extends { doc: StoredDocument; profile: ResumeProfile }>(
	ctx: RequestContext,
	page: PageRequest,
	body: SearchBody,
	ranked: Array<Ranked<C>>,
	criteria: readonly Criterion[],
	own: (candidate: C) => Record<string, unknown>,
) {
	const listed = pageOf(ranked, page, (limit, offset) => ctx.pageUrl(limit, offset));
	return {
		count: listed.count,
		next: listed.next,
		previous: listed.previous,
		parameters: body,
		results: listed.results.map(({ candidate, score }) => {
			const { components, customData } = explain(criteria, candidate.profile);
			return {
				identifier: candidate.doc.identifier,
				score: round(score),
				pdf: mediaUrl(ctx.origin, candidate.doc, 'pdf'),
				...own(candidate),
				...components,
				customData,
			};
		}),
	};
}

/** A resume search's criteria: its own, over those read off the job description or resume it matches. */
export function resumeSearchCriteria(
	app: App,
	body: SearchBody,
	jobDescription: StoredDocument | undefined,
	resume: StoredDocument | undefined,
): SearchBody {
	const derived = jobDescription
		? criteriaFromJobDescription(jobDescription.data as JobDescriptionFields)
		: resume
			? criteriaFromResume(app.store.profileOf(resume), (resume.data as ResumeData).location, false)
			: {};
	return withDerived(derived, body);
}

/**
 * The criteria to rank by: those derived from a matched document, overridden by the body's own.
 * Explicit nulls in a body mean "not asked", so they do not hide derived criteria.
 */
export function withDerived(derived: Partial<SearchBody>, body: SearchBody): SearchBody {
	const own = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null));
	return { ...derived, ...own } as SearchBody;
}

function jobDescriptionSearchDetail(app: App, version: ApiVersion) {
	return (ctx: RequestContext): Reply => {
		const { store } = app;
		const { body } = readSearchBody(ctx, 'jobDescriptionDetail', version);
		const jd = store.document(ctx.params.identifier);
		if (!jd || jd.extractor !== 'job-description' || !store.isReady(jd) || jd.failed)
			throw notFound();
		const { resume } = checkReferences(app, body, 'job_descriptions');
		if (!body.indices.some((name) => store.indices.get(name)?.members.has(jd.identifier))) {
			throw notFound(
				`Job description ${jd.identifier} is not in ${body.indices.map((n) => `"${n}"`).join(', ')}.`,
			);
		}
		const derived = resume
			? criteriaFromResume(store.profileOf(resume), (resume.data as ResumeData).location, true)
			: {};
		return {
			status: 200,
			body: jobDescriptionDetail(jd.data as JobDescriptionFields, withDerived(derived, body)),
		};
	};
}

export function registerSearchRoutes(router: Router, app: App): void {
	// The specification's paths (v2, 200) and the current service's (v3, 201).
	router.add('POST', '/v2/resume_search', resumeSearch(app, 'v2', 200));
	router.add('POST', '/v3/resume_search', resumeSearch(app, 'v3', 201));
	router.add(
		'POST',
		'/v2/job_description_search/details/{identifier}',
		jobDescriptionSearchDetail(app, 'v2'),
	);
	router.add(
		'POST',
		'/v3/job_description_search/details/{identifier}',
		jobDescriptionSearchDetail(app, 'v3'),
	);
}
